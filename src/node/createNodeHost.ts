import { DirectFileChanges } from '../core/host/directFileChanges';
import type { AgentHost } from '../core/host/host';
import type { WorkspaceSearcher } from '../core/host/searcher';
import { ChildProcessRunner } from './childProcessRunner';
import { createWorkspaceSearcher } from './createWorkspaceSearcher';
import { defaultShell } from './defaultShell';
import { NodeFileSystem } from './nodeFileSystem';

/**
 * A host over folders on the local disk, as the terminal uses it: Node's file system, and
 * ripgrep for search when it is installed (else the built-in searcher).
 */
export async function createNodeHost(roots: readonly string[], searcher?: WorkspaceSearcher): Promise<AgentHost> {
  const files = new NodeFileSystem();
  const shell = defaultShell();
  return {
    workspaceRoots: roots,
    files,
    changes: new DirectFileChanges(files),
    searcher: searcher ?? (await createWorkspaceSearcher({ files, scope: { roots } })),
    commands: new ChildProcessRunner({ shell }),
    environment: {
      platform: process.platform,
      shell,
      today: () => new Date().toISOString().slice(0, 10),
    },
  };
}

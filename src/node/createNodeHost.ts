import { DirectFileChanges } from '../core/host/directFileChanges';
import type { AgentHost } from '../core/host/host';
import type { WorkspaceSearcher } from '../core/host/searcher';
import { createWorkspaceSearcher } from './createWorkspaceSearcher';
import { NodeFileSystem } from './nodeFileSystem';

/**
 * A host over folders on the local disk, as the terminal uses it: Node's file system, and
 * ripgrep for search when it is installed (else the built-in searcher).
 */
export async function createNodeHost(roots: readonly string[], searcher?: WorkspaceSearcher): Promise<AgentHost> {
  const files = new NodeFileSystem();
  return {
    workspaceRoots: roots,
    files,
    changes: new DirectFileChanges(files),
    searcher: searcher ?? (await createWorkspaceSearcher({ files, scope: { roots } })),
    environment: {
      platform: process.platform,
      shell: process.env.SHELL ?? (process.platform === 'win32' ? (process.env.ComSpec ?? 'cmd.exe') : '/bin/sh'),
      today: () => new Date().toISOString().slice(0, 10),
    },
  };
}

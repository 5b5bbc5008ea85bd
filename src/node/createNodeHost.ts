import * as os from 'node:os';
import { DirectFileChanges } from '../core/host/directFileChanges';
import type { AgentHost } from '../core/host/host';
import type { WorkspaceSearcher } from '../core/host/searcher';
import type { WebPageFetcher } from '../core/host/webPageFetcher';
import { ChildProcessHookRunner } from './childProcessHookRunner';
import { ChildProcessRunner } from './childProcessRunner';
import { commandShell } from './commandShell';
import { createWorkspaceSearcher } from './createWorkspaceSearcher';
import { NodeFileSystem } from './nodeFileSystem';
import type { CommandSandbox } from './sandbox/commandSandbox';

export interface NodeHostOptions {
  /** Defaults to ripgrep when it is installed, else the built-in searcher. */
  searcher?: WorkspaceSearcher;
  /** Where commands run contained; without one, every command runs with the user's rights. */
  sandbox?: CommandSandbox;
  /** Reads web pages for fetch_url; without one the tool is not offered. */
  web?: WebPageFetcher;
  /** Elbow's data folder, kept out of the tools' reach. */
  dataFolder?: string;
}

/**
 * A host over folders on the local disk, as the terminal uses it: Node's file system, ripgrep
 * for search when it is installed (else the built-in searcher), and child processes for
 * commands, in the sandbox when there is one.
 */
export async function createNodeHost(roots: readonly string[], options: NodeHostOptions = {}): Promise<AgentHost> {
  const files = new NodeFileSystem();
  const shell = await commandShell();
  return {
    workspaceRoots: roots,
    files,
    changes: new DirectFileChanges(files),
    searcher: options.searcher ?? (await createWorkspaceSearcher({ files, scope: { roots } })),
    commands: new ChildProcessRunner({ shell, sandbox: options.sandbox }),
    hooks: new ChildProcessHookRunner({ shell, sandbox: options.sandbox }),
    environment: {
      platform: process.platform,
      shell,
      today: () => new Date().toISOString().slice(0, 10),
      homeDirectory: os.homedir(),
      ...(options.dataFolder === undefined ? {} : { dataFolder: options.dataFolder }),
    },
    ...(options.web === undefined ? {} : { web: options.web }),
  };
}

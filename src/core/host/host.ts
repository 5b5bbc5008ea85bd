import type { CodeNavigation } from './codeNavigation';
import type { CommandRunner } from './commandRunner';
import type { FileChanges } from './fileChanges';
import type { HostFileSystem } from './fileSystem';
import type { HookRunner } from './hookRunner';
import type { WorkspaceSearcher } from './searcher';
import type { WorkspaceDiagnostics } from './workspaceDiagnostics';
import type { WebPageFetcher } from './webPageFetcher';

export interface HostEnvironment {
  /** e.g. `linux`, `darwin`, `win32` */
  platform: string;
  /** The user's shell, e.g. `/bin/bash`. */
  shell: string;
  /** ISO date `YYYY-MM-DD` the prompt should mention. */
  today(): string;
  /** The user's home folder: its credential stores and start-up files stay out of the tools' reach when a workspace folder holds it. */
  homeDirectory?: string;
  /** Elbow's data folder (saved conversations among its files): out of the tools' reach wherever it is. */
  dataFolder?: string;
}

/** Everything the agent core needs from where it runs (the terminal or VS Code). */
export interface AgentHost {
  /** Absolute workspace folder paths. The first is the default for relative paths. */
  readonly workspaceRoots: readonly string[];
  readonly files: HostFileSystem;
  /** How the tools' edits, creations and deletions are applied. */
  readonly changes: FileChanges;
  readonly searcher: WorkspaceSearcher;
  /** Runs the agent's commands (a VS Code terminal, or child processes). */
  readonly commands: CommandRunner;
  readonly environment: HostEnvironment;
  /** The editor's problems (VS Code only): reported after edits and by the problems tool. */
  readonly diagnostics?: WorkspaceDiagnostics;
  /** Reads web pages (`fetch_url`); absent: the tool is not offered. */
  readonly web?: WebPageFetcher;
  /** The language servers' definitions, references, hover and symbols (VS Code only): the code_navigation tool. */
  readonly codeNavigation?: CodeNavigation;
  /** Runs the commands of hooks (settings' `hooks`); absent: no hook runs. */
  readonly hooks?: HookRunner;
}

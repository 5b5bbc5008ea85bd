import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { CommandSession } from '../../src/core/tools/builtin/commands/commandSession';
import type { Approvals, CommandPermissions } from '../../src/core/host/approvals';
import { DirectFileChanges } from '../../src/core/host/directFileChanges';
import type { HostFileSystem } from '../../src/core/host/fileSystem';
import type { AgentHost } from '../../src/core/host/host';
import type { WorkspaceSearcher } from '../../src/core/host/searcher';
import type { WebPageFetcher } from '../../src/core/host/webPageFetcher';
import { BuiltinSearcher } from '../../src/core/search/builtinSearcher';
import type { SearchScope } from '../../src/core/search/searchScope';
import { builtinTools } from '../../src/core/tools/builtin/index';
import { FixedPermissionSettings } from '../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../src/core/permissions/permissionGate';
import { ToolRegistry } from '../../src/core/tools/registry';
import type { CommandRunPlacement, ToolContext } from '../../src/core/tools/tool';
import { Workspace } from '../../src/core/workspace/workspace';
import { ChildProcessRunner } from '../../src/node/childProcessRunner';
import { findRipgrep } from '../../src/node/findExecutable';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { RipgrepSearcher } from '../../src/node/ripgrepSearcher';
import { defaultSandboxSettings, type SandboxSettings } from '../../src/core/sandbox/sandboxSettings';
import { CommandSandbox } from '../../src/node/sandbox/commandSandbox';

/** File content, or a symbolic link to `symlink` (a path relative to the link's folder, or absolute). */
export type FileSpec = string | Uint8Array | { symlink: string };

export type SearcherKind = 'builtin' | 'ripgrep';

export interface TempWorkspaceOptions {
  searcher?: SearcherKind;
  /** Workspace folders relative to the temp folder; default `['ws']`. Paths in the file map are relative to the first. */
  roots?: string[];
  /** Who answers permission requests (default: nobody, so they are refused). */
  approvals?: Approvals;
  permissions?: Partial<CommandPermissions>;
  /** Commands run in the real OS sandbox (with these settings), with `home/` of the temp folder as the home folder. */
  sandbox?: Partial<SandboxSettings>;
  /** Reads web pages (fetch_url is offered only with one). */
  web?: WebPageFetcher;
  /** Elbow's data folder, relative to the temp folder. */
  dataFolder?: string;
}

export interface TempWorkspace {
  /** The first workspace root. */
  root: string;
  /** The temp folder holding the roots; things outside the workspace go here (`../outside/x`). */
  base: string;
  host: AgentHost;
  workspace: Workspace;
  /** The settings the permission gate reads; tests may change them. */
  settings: FixedPermissionSettings;
  /** Shared by every call, as in one conversation. */
  commands: CommandSession;
  context(signal?: AbortSignal): ToolContext;
  path(relative: string): string;
  readBytes(relative: string): Promise<Buffer>;
  readText(relative: string): Promise<string>;
  /** Runs a built-in tool through the registry, as the agent loop does. */
  callTool(name: string, input: unknown, signal?: AbortSignal): Promise<ToolCallOutcome>;
  cleanup(): Promise<void>;
}

export interface ToolCallOutcome {
  text: string;
  isError: boolean;
  summary: string;
  placement?: CommandRunPlacement;
}

/** Makes a temp workspace from `{ 'src/a.ts': 'text' }` and a host over it built from the Node pieces. */
export async function createTempWorkspace(files: Record<string, FileSpec>, options: TempWorkspaceOptions = {}): Promise<TempWorkspace> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-test-')));
  const roots = (options.roots ?? ['ws']).map((root) => path.join(base, root));
  const root = roots[0] as string;
  for (const folder of roots) await fs.mkdir(folder, { recursive: true });
  await writeFiles(root, files);
  const fileSystem = new NodeFileSystem();
  const scope: SearchScope = { roots };
  const sandbox = options.sandbox === undefined ? undefined : new CommandSandbox({
    roots: () => roots,
    settings: () => ({ ...defaultSandboxSettings, ...options.sandbox }),
    ownDataFolders: () => [],
    quarantineFolder: path.join(base, 'quarantine'),
    homeDirectory: path.join(base, 'home'),
  });
  const host: AgentHost = {
    workspaceRoots: roots,
    files: fileSystem,
    changes: new DirectFileChanges(fileSystem),
    searcher: await createSearcher(options.searcher ?? 'builtin', fileSystem, scope),
    commands: new ChildProcessRunner({ shell: '/bin/bash', sandbox }),
    environment: { platform: process.platform, shell: '/bin/bash', today: () => '2026-01-01', ...(options.dataFolder === undefined ? {} : { dataFolder: path.join(base, options.dataFolder) }) },
    ...(options.web === undefined ? {} : { web: options.web }),
  };
  const workspace = new Workspace(host);
  const registry = new ToolRegistry();
  for (const tool of builtinTools(host)) registry.register(tool);
  const settings = new FixedPermissionSettings(options.permissions);
  const permissions = new PermissionGate({ settings, approvals: options.approvals });
  const commands = new CommandSession();
  const context = (signal = new AbortController().signal): ToolContext => ({ host, workspace, signal, permissions, commands });
  return {
    root,
    base,
    host,
    workspace,
    settings,
    commands,
    context,
    path: (relative) => path.join(root, relative),
    readBytes: (relative) => fs.readFile(path.join(root, relative)),
    readText: (relative) => fs.readFile(path.join(root, relative), 'utf8'),
    callTool: async (name, input, signal) => {
      const call = { type: 'tool_call' as const, id: 'call-1', name, arguments: typeof input === 'string' ? input : JSON.stringify(input) };
      const { result, summary, placement } = await registry.run(call, context(signal));
      const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.mediaType} image]`)).join('');
      return { text, isError: result.isError, summary, ...(placement === undefined ? {} : { placement }) };
    },
    cleanup: async () => {
      await commands.stopAll();
      await sandbox?.dispose();
      await fs.rm(base, { recursive: true, force: true });
    },
  };
}

export async function writeFiles(root: string, files: Record<string, FileSpec>): Promise<void> {
  for (const [relative, spec] of Object.entries(files)) {
    const target = path.join(root, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (typeof spec === 'object' && 'symlink' in spec) {
      await fs.symlink(spec.symlink, target);
    } else {
      await fs.writeFile(target, spec);
    }
  }
}

export async function createSearcher(kind: SearcherKind, files: HostFileSystem, scope: SearchScope): Promise<WorkspaceSearcher> {
  if (kind === 'builtin') return new BuiltinSearcher(files, scope);
  const rgPath = await findRipgrep();
  if (!rgPath) throw new Error('ripgrep (rg) is not installed: apt-get install -y ripgrep');
  return new RipgrepSearcher({ rgPath, files, scope });
}

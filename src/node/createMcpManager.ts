import * as fs from 'node:fs';
import * as os from 'node:os';
import { mcpConfigFiles, userMcpConfigFolder } from '../core/mcp/mcpConfigFiles';
import { McpManager, type LoadedMcpConfig } from '../core/mcp/mcpManager';
import type { McpConfigFile } from '../core/mcp/mcpServerConfig';
import type { McpLog } from '../core/mcp/mcpServerConnection';
import { builtinTools } from '../core/tools/builtin';
import { loadMcpConfig } from './loadMcpConfig';
import { setServerField } from './mcpConfigEditor';

export interface NodeMcpManagerOptions {
  workspaceRoots(): readonly string[];
  /** Files the user named (`--mcp-config`); they come first. */
  extraFiles?: readonly string[];
  /** False while the workspace is not trusted: its own files may not start programs then. */
  workspaceTrusted?(): boolean;
  environment?: Readonly<Record<string, string | undefined>>;
  homeDirectory?: string;
  clientVersion: string;
  log: McpLog;
  startWaitMs?: number;
  restartDelaysMs?: readonly number[];
}

/** The MCP servers of the configuration files on this machine: the workspace's, the user's, and any named. */
export function createMcpManager(options: NodeMcpManagerOptions): McpManager {
  const environment = options.environment ?? process.env;
  const homeDirectory = options.homeDirectory ?? os.homedir();
  return new McpManager({
    loadConfig: () => loadConfig(options, configFiles(options, environment, homeDirectory), environment, homeDirectory),
    editConfig: { setServerField },
    defaultCwd: () => options.workspaceRoots()[0],
    clientVersion: options.clientVersion,
    log: options.log,
    builtinToolCount: builtinTools().length,
    startWaitMs: options.startWaitMs,
    restartDelaysMs: options.restartDelaysMs,
  });
}

/** Every file that can hold servers, in precedence order. */
export function configFiles(options: NodeMcpManagerOptions, environment: Readonly<Record<string, string | undefined>>, homeDirectory: string): McpConfigFile[] {
  return mcpConfigFiles({
    workspaceRoots: options.workspaceRoots(),
    userFolder: userMcpConfigFolder(environment, homeDirectory),
    extraFiles: options.extraFiles,
    homeDirectory,
  });
}

async function loadConfig(options: NodeMcpManagerOptions, files: McpConfigFile[], environment: Readonly<Record<string, string | undefined>>, homeDirectory: string): Promise<LoadedMcpConfig> {
  const trusted = options.workspaceTrusted?.() ?? true;
  const fromWorkspace = (file: McpConfigFile): boolean => file.kind === 'workspace' || file.kind === 'vscode';
  const loaded = await loadMcpConfig(trusted ? files : files.filter((file) => !fromWorkspace(file)), environment, homeDirectory);
  if (trusted) return loaded;
  const ignored = files.filter((file) => fromWorkspace(file) && fs.existsSync(file.path));
  const problems = ignored.map((file) => ({ file: file.display, message: 'not read until you trust this workspace: its servers would run programs from the workspace' }));
  return { servers: loaded.servers, problems: [...problems, ...loaded.problems] };
}

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isWorkspaceConfig, mcpConfigFiles, userMcpConfigFolder } from '../core/mcp/mcpConfigFiles';
import { McpManager, type LoadedMcpConfig } from '../core/mcp/mcpManager';
import type { McpConfigFile } from '../core/mcp/mcpServerConfig';
import type { McpLog } from '../core/mcp/mcpServerConnection';
import type { McpClientHandlers } from '../core/mcp/mcpClientHandlers';
import type { McpAuthHost } from '../core/mcp/auth/mcpAuthHost';
import type { McpStartApproval } from '../core/mcp/mcpStartApproval';
import { builtinTools } from '../core/tools/builtin';
import { offersTool } from '../core/tools/editFormat';
import { loadMcpConfig, readConfigFile, type McpConfigAdmission } from './loadMcpConfig';
import { setServerField } from './mcpConfigEditor';
import { mcpSdkTransports } from './mcpSdkTransports';
import { sandboxingWorkspaceServers, type McpServerSandbox } from './sandboxedMcpTransports';
import type { WorkspaceConfigTrust } from './workspaceConfigTrust';

type Environment = Readonly<Record<string, string | undefined>>;

export interface NodeMcpManagerOptions {
  workspaceRoots(): readonly string[];
  /** Files the user named (`--mcp-config`); they come first. */
  extraFiles?: readonly string[];
  /** False while the workspace is not trusted: its own files may not start programs then. */
  workspaceTrusted?(): boolean;
  /** Reads each of the workspace's own files only when it trusts that content (the terminal's per-file trust). */
  workspaceConfigTrust?: WorkspaceConfigTrust;
  /** Where the workspace's own stdio servers run; without it they start like the user's. */
  serverSandbox?: McpServerSandbox;
  /** Servers it does not approve ask before they start. */
  startApproval?: McpStartApproval;
  environment?: Environment;
  /** The names the user passes to sandboxed commands; a workspace file's `${env:NAME}` expands only these and the sandbox's short list. */
  passedEnvironment?(): readonly string[];
  homeDirectory?: string;
  clientVersion: string;
  log: McpLog;
  startWaitMs?: number;
  restartDelaysMs?: readonly number[];
  /** What servers may ask of the user and the host (questions, the workspace folders). */
  handlers?: McpClientHandlers;
  /** OAuth sign-in to remote servers: the credential store and the browser. */
  auth?: McpAuthHost;
}

/** The MCP servers of the configuration files on this machine: the workspace's, the user's, and any named. */
export function createMcpManager(options: NodeMcpManagerOptions): McpManager {
  const environment = options.environment ?? process.env;
  const homeDirectory = options.homeDirectory ?? os.homedir();
  return new McpManager({
    loadConfig: () => loadConfig(options, environment, homeDirectory),
    editConfig: {
      setServerField: (file, server, field, value) => editKeepingTrust(options.workspaceConfigTrust, file, () => setServerField(file, server, field, value)),
    },
    defaultCwd: () => options.workspaceRoots()[0],
    transports: options.serverSandbox === undefined ? mcpSdkTransports : sandboxingWorkspaceServers(mcpSdkTransports, options.serverSandbox),
    startApproval: options.startApproval,
    clientVersion: options.clientVersion,
    log: options.log,
    // The model gets one of the two edit tools, whichever it is.
    builtinToolCount: builtinTools().filter((tool) => offersTool('edit_file', tool.name)).length,
    startWaitMs: options.startWaitMs,
    restartDelaysMs: options.restartDelaysMs,
    handlers: options.handlers,
    auth: options.auth,
  });
}

/** Every file that can hold servers, in precedence order. */
export function configFiles(options: NodeMcpManagerOptions, environment: Environment, homeDirectory: string): McpConfigFile[] {
  return mcpConfigFiles({
    workspaceRoots: options.workspaceRoots(),
    userFolder: userMcpConfigFolder(environment, homeDirectory),
    extraFiles: options.extraFiles,
    homeDirectory,
  });
}

/** The files that came with the workspace, which need trust: not the user's own file when the workspace holds it (a workspace at ~). */
export function workspaceConfigFiles(options: NodeMcpManagerOptions, environment: Environment, homeDirectory: string): McpConfigFile[] {
  const userFile = path.join(userMcpConfigFolder(environment, homeDirectory), 'mcp.json');
  return configFiles(options, environment, homeDirectory).filter((file) => isWorkspaceConfig(file) && file.path !== userFile);
}

async function loadConfig(options: NodeMcpManagerOptions, environment: Environment, homeDirectory: string): Promise<LoadedMcpConfig> {
  const files = configFiles(options, environment, homeDirectory);
  const admits = admission(options, environment, homeDirectory);
  const trusted = options.workspaceTrusted?.() ?? true;
  const loaded = await loadMcpConfig(trusted ? files : files.filter((file) => !isWorkspaceConfig(file)), environment, homeDirectory, admits, options.passedEnvironment?.() ?? []);
  if (trusted) return loaded;
  const ignored = files.filter((file) => isWorkspaceConfig(file) && fs.existsSync(file.path));
  const problems = ignored.map((file) => ({ file: file.display, message: 'not read until you trust this workspace: its servers would run programs from the workspace' }));
  return { servers: loaded.servers, problems: [...problems, ...loaded.problems] };
}

function admission(options: NodeMcpManagerOptions, environment: Environment, homeDirectory: string): McpConfigAdmission | undefined {
  const trust = options.workspaceConfigTrust;
  if (trust === undefined) return undefined;
  const guarded = new Set(workspaceConfigFiles(options, environment, homeDirectory).map((file) => file.path));
  return async (file, content) => !guarded.has(file.path) || trust.trusts(file, content);
}

/** Elbow's own change to a trusted file (e.g. "always allow") leaves it trusted. */
async function editKeepingTrust(trust: WorkspaceConfigTrust | undefined, file: McpConfigFile, edit: () => Promise<void>): Promise<void> {
  if (trust === undefined || !isWorkspaceConfig(file)) return edit();
  const before = (await readConfigFile(file)).content;
  await edit();
  const after = (await readConfigFile(file)).content;
  if (before !== undefined && after !== undefined) await trust.carryOver(file, before, after);
}

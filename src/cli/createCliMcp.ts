import * as os from 'node:os';
import type { SlashSource } from '../core/customize/slashSource';
import type { McpClientHandlers } from '../core/mcp/mcpClientHandlers';
import type { McpAuthHost } from '../core/mcp/auth/mcpAuthHost';
import type { McpManager } from '../core/mcp/mcpManager';
import { mcpPromptSource } from '../core/mcp/mcpPromptSource';
import type { McpLog } from '../core/mcp/mcpServerConnection';
import type { ToolSource } from '../core/tools/toolSource';
import { createMcpManager, workspaceConfigFiles, type NodeMcpManagerOptions } from '../node/createMcpManager';
import type { McpServerSandbox } from '../node/sandboxedMcpTransports';
import { cliMcpClientHandlers } from './cliMcpClientHandlers';
import type { TrustedContentStore } from './trustedContentStore';
import { WorkspaceMcpTrust } from './workspaceMcpTrust';

export interface CliMcpOptions {
  root: string;
  /** `--mcp-config` files: the user's, trusted. */
  extraFiles: readonly string[];
  /** `--pass-env`: the names a workspace file's `${env:NAME}` may read besides the sandbox's short list. */
  passedEnvironment?: readonly string[];
  /** Where trusted contents are remembered (Elbow's data folder). */
  store: TrustedContentStore;
  /** Where the workspace's stdio servers run. */
  serverSandbox?: McpServerSandbox;
  /** `--trust-workspace`. */
  trustWorkspace: boolean;
  environment?: Readonly<Record<string, string | undefined>>;
  homeDirectory?: string;
  clientVersion: string;
  log: McpLog;
  writeErr(text: string): void;
  /** How a server's question (elicitation) is answered: asked in the chat, or by `--mcp-questions`. */
  handlers?: McpClientHandlers;
  /** OAuth sign-in to remote servers (credentials in Elbow's data folder). */
  auth?: McpAuthHost;
}

export interface CliMcp {
  manager: McpManager;
  /** For the session: the servers' tools, with the workspace's files reviewed for trust before servers start. */
  tools: ToolSource;
  /** Attach the chat's way of asking to it. */
  trust: WorkspaceMcpTrust;
  /** The running servers' prompts as slash commands. */
  prompts: SlashSource;
}

/** The terminal's MCP servers: the workspace's files start nothing until the user trusts their content. */
export function createCliMcp(options: CliMcpOptions): CliMcp {
  const environment = options.environment ?? process.env;
  const homeDirectory = options.homeDirectory ?? os.homedir();
  const nodeOptions: NodeMcpManagerOptions = {
    workspaceRoots: () => [options.root],
    extraFiles: options.extraFiles,
    passedEnvironment: () => options.passedEnvironment ?? [],
    serverSandbox: options.serverSandbox,
    environment,
    homeDirectory,
    clientVersion: options.clientVersion,
    log: options.log,
    handlers: { ...cliMcpClientHandlers(options.root), ...options.handlers },
    auth: options.auth,
  };
  const trust = new WorkspaceMcpTrust({
    store: options.store,
    files: () => workspaceConfigFiles(nodeOptions, environment, homeDirectory),
    serversRunOutside: async () => (await options.serverSandbox?.available()) !== true,
    trustAll: options.trustWorkspace,
    writeErr: options.writeErr,
  });
  const manager = createMcpManager({ ...nodeOptions, workspaceConfigTrust: trust });
  const tools: ToolSource = {
    prepare: async (signal) => {
      if (await trust.review(signal)) await manager.reload();
      await manager.prepare(signal);
    },
    tools: () => manager.tools(),
  };
  return { manager, tools, trust, prompts: mcpPromptSource(manager) };
}

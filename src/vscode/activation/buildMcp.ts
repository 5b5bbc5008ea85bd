import * as os from 'node:os';
import * as vscode from 'vscode';
import type { SlashSource } from '../../core/customize/slashSource';
import type { McpClientHandlers } from '../../core/mcp/mcpClientHandlers';
import type { McpManager } from '../../core/mcp/mcpManager';
import { mcpPromptSource } from '../../core/mcp/mcpPromptSource';
import { configFiles, createMcpManager } from '../../node/createMcpManager';
import type { McpServerSandbox } from '../../node/sandboxedMcpTransports';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import { workspaceRoots } from '../host/createVscodeHost';
import { readSandboxSettings } from '../settings';
import type { CommandHandlers } from '../commands/commandHandlers';
import { mcpCommands } from '../mcp/mcpCommands';
import { watchMcpConfig } from '../mcp/mcpConfigWatcher';
import { showNotice } from '../mcp/mcpNotice';
import { vscodeMcpClientHandlers, watchMcpRoots } from '../mcp/vscodeMcpClientHandlers';
import { McpPanelBridge } from '../chat/mcpPanelBridge';
import { askToStartServer } from '../mcp/startServerQuestion';
import { WorkspaceServerApprovals } from '../mcp/workspaceServerApprovals';
import type { WaitingQuestionCount } from '../chat/waitingQuestionCount';
import type { UriRoutes } from '../uriRoutes';
import { McpAccounts } from '../mcp/mcpAccounts';
import { McpSignIn, SIGN_IN_HINT } from '../mcp/mcpSignIn';
import { SecretCredentialStore } from '../mcp/secretCredentialStore';
import { SignInNotices } from '../mcp/signInNotices';
import { VscodeSignInBrowser } from '../mcp/vscodeSignInBrowser';

export interface Mcp {
  manager: McpManager;
  /** The chat's MCP panel. */
  panel: McpPanelBridge;
  commands: CommandHandlers;
  /** The running servers' prompts as slash commands. */
  prompts: SlashSource;
}

/** The MCP servers of the user's and the workspace's configuration, their panel in the chat and their commands. */
export function buildMcp(context: vscode.ExtensionContext, parts: { log: vscode.LogOutputChannel; view: ChatViewProvider; version: string; serverSandbox: McpServerSandbox; waiting: WaitingQuestionCount; handlers?: McpClientHandlers; uris: UriRoutes }): Mcp {
  const { log, view } = parts;
  const mcpLog = { info: (text: string) => log.info(text), warn: (text: string) => log.warn(text), output: (server: string, line: string) => log.info(`[${server}] ${line}`), notice: (text: string) => showNotice(log, text) };
  const workspaceTrusted = (): boolean => vscode.workspace.isTrusted;
  const startApproval = new WorkspaceServerApprovals(context.workspaceState, workspaceTrusted, (server) => parts.waiting.until(askToStartServer(server)));
  const passedEnvironment = (): readonly string[] => readSandboxSettings().passEnvironment;
  // Remote servers' OAuth: tokens in SecretStorage, the browser through VS Code's own URI handler.
  const browser = new VscodeSignInBrowser(parts.uris, context.extension.id, log);
  const auth = { credentials: new SecretCredentialStore(context.secrets), browser, signInHint: () => SIGN_IN_HINT };
  const mcpOptions = { workspaceRoots, workspaceTrusted, passedEnvironment, startApproval, serverSandbox: parts.serverSandbox, clientVersion: parts.version, log: mcpLog, auth, handlers: { ...vscodeMcpClientHandlers(), ...parts.handlers } };
  const manager = createMcpManager(mcpOptions);
  const signIn = new McpSignIn(manager, log, browser);
  const mcpFiles = () => configFiles(mcpOptions, process.env, os.homedir());
  const panel = new McpPanelBridge({ manager, post: (message) => view.post(message), log });
  context.subscriptions.push(
    panel,
    browser,
    new SignInNotices(manager, signIn),
    new McpAccounts(manager, signIn),
    { dispose: () => void manager.dispose() },
    ...watchMcpConfig(mcpFiles, () => void manager.reload()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void manager.reload()),
    watchMcpRoots(manager),
  );
  const commands = { ...signIn.commands, ...mcpCommands({
    manager,
    configFiles: mcpFiles,
    approvals: startApproval,
    showServers: async () => {
      await view.reveal();
      await view.whenReady();
      panel.show();
    },
  }) };
  return { manager, panel, commands, prompts: mcpPromptSource(manager) };
}

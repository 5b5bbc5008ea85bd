import * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import type { ToWebview } from '../../protocol/toWebview';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';
import { mcpPanelState } from '../mcp/mcpPanelState';
import { showError, showWarning } from '../notifications';

export interface McpPanelBridgeDependencies {
  manager: McpManager;
  post(message: ToWebview): void;
  log: vscode.LogOutputChannel;
}

/** Debounces bursts of state changes (a server's tools arrive right after it connects). */
const POST_DELAY_MS = 50;

/**
 * The chat's MCP panel: keeps it showing the servers' state, carries out its actions, and says
 * once when the model would get too many tools.
 */
export class McpPanelBridge implements vscode.Disposable {
  private readonly subscription: { dispose(): void };
  private timer: NodeJS.Timeout | undefined;
  private warned: string | undefined;

  constructor(private readonly deps: McpPanelBridgeDependencies) {
    this.subscription = deps.manager.onDidChange(() => this.schedulePost());
  }

  get toolSource(): McpManager {
    return this.deps.manager;
  }

  /** Opens the panel in a loaded chat view. */
  show(): void {
    this.postState();
    this.deps.post({ type: 'showMcp' });
  }

  /** The MCP panel's messages. */
  readonly messageHandlers: WebviewMessageHandlersFor<'mcpRestart' | 'mcpSetServerEnabled' | 'mcpSetToolEnabled' | 'mcpOpenConfig' | 'mcpAddServer' | 'mcpSignIn' | 'mcpSignOut'> = {
    mcpRestart: (message) => void this.act(`restart "${message.server}"`, () => this.deps.manager.restart(message.server)),
    mcpSetServerEnabled: (message) => void this.act(`${message.enabled ? 'enable' : 'disable'} "${message.server}"`, () => this.deps.manager.setServerEnabled(message.server, message.enabled)),
    mcpSetToolEnabled: (message) => void this.act(`${message.enabled ? 'give' : 'take away'} ${message.tool}`, () => this.deps.manager.setToolEnabled(message.server, message.tool, message.enabled)),
    mcpOpenConfig: () => void vscode.commands.executeCommand('elbow.mcp.openConfiguration'),
    mcpAddServer: () => void vscode.commands.executeCommand('elbow.mcp.addServer'),
    mcpSignIn: (message) => void vscode.commands.executeCommand('elbow.mcp.signIn', message.server),
    mcpSignOut: (message) => void vscode.commands.executeCommand('elbow.mcp.signOut', message.server),
  };

  postState(): void {
    const status = this.deps.manager.status();
    this.deps.post({ type: 'mcp', state: mcpPanelState(status) });
    // Once when the count goes over, not again for every tool that comes or goes while it stays over.
    if (status.warning !== undefined && this.warned === undefined) void this.warn(status.warning);
    this.warned = status.warning;
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.subscription.dispose();
  }

  private schedulePost(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.postState();
    }, POST_DELAY_MS);
  }

  private async warn(warning: string): Promise<void> {
    const choice = await showWarning(`Elbow: ${warning}`, 'Show MCP Servers');
    if (choice === 'Show MCP Servers') await vscode.commands.executeCommand('elbow.mcp.showServers');
  }

  private async act(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log.error(`MCP: could not ${what}: ${message}`);
      void showError(`Elbow could not ${what}: ${message}`);
    }
  }
}

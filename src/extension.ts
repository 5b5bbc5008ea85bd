import * as vscode from 'vscode';
import type { McpManager } from './core/mcp/mcpManager';
import { ApiKeys } from './vscode/apiKeys';
import type { ChatController } from './vscode/chat/chatController';
import { registerCommands } from './vscode/commands/registerCommands';
import { buildChat } from './vscode/activation/buildChat';
import { buildChatBridges } from './vscode/activation/buildChatBridges';
import { buildChatView } from './vscode/activation/buildChatView';
import { buildMcp } from './vscode/activation/buildMcp';
import { buildReview } from './vscode/activation/buildReview';
import { buildWorkspaceHost } from './vscode/activation/buildWorkspaceHost';
import { watchSettingsAndFolders } from './vscode/activation/watchSettingsAndFolders';

/** What the extension exposes to other extensions and its integration tests. */
export interface ElbowApi {
  /** How long `activate` took, in milliseconds. */
  activationMs: number;
}

let activeController: ChatController | undefined;
let activeMcp: McpManager | undefined;

/** Each part is built from the parts before it. */
export function activate(context: vscode.ExtensionContext): ElbowApi {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Elbow', { log: true });
  context.subscriptions.push(log);
  const keys = new ApiKeys(context.secrets);
  const storageFolder = (context.storageUri ?? context.globalStorageUri).fsPath;
  const version = context.extension.packageJSON.version as string;

  const view = buildChatView(context, log);
  const review = buildReview(context);
  const mcp = buildMcp(context, { log, view, version });
  activeMcp = mcp.manager;
  const bridges = buildChatBridges({ review, post: (message) => view.post(message), chatVisible: () => view.isVisible });
  const host = buildWorkspaceHost(context, { storageFolder, log, writer: review.writer, changes: bridges.fileChanges });
  const controller = buildChat(context, { log, keys, storageFolder, view, review, bridges, host, mcp });
  activeController = controller;
  context.subscriptions.push(...registerCommands({ controller, view, keys, log }));
  watchSettingsAndFolders(context, { keys, controller, host, mcp: mcp.manager });

  // Reading the configuration starts nothing: the panel lists the servers, and they start when a conversation needs tools.
  void mcp.manager.reload();
  void controller.history.restore().catch((error: unknown) => log.error(`Could not restore the last conversation: ${String(error)}`));

  const activationMs = performance.now() - started;
  log.info(`Elbow ${version} activated in ${activationMs.toFixed(1)} ms.`);
  return { activationMs };
}

/** VS Code waits for this on shutdown and reload: the open conversation is saved first. */
export async function deactivate(): Promise<void> {
  await activeController?.flush();
  activeController = undefined;
  // The servers' processes end with the extension host rather than linger.
  await activeMcp?.dispose();
  activeMcp = undefined;
}

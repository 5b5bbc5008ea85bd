import * as vscode from 'vscode';
import type { McpManager } from '../../core/mcp/mcpManager';
import { ApiKeys } from '../apiKeys';
import type { ChatController } from '../chat/chatController';
import { registerCommands } from '../commands/registerCommands';
import { startTiming, type ActivationTime } from './activationTime';
import { buildChat } from './buildChat';
import { buildChatBridges } from './buildChatBridges';
import { buildChatView } from './buildChatView';
import { buildMcp } from './buildMcp';
import { buildReview } from './buildReview';
import { buildWorkspaceHost } from './buildWorkspaceHost';
import { watchSettingsAndFolders } from './watchSettingsAndFolders';

/** What the extension exposes to other extensions and its integration tests. */
export interface ElbowApi {
  /** Loading Elbow's code (reading, compiling and running the bundle) and then `activate`, without VS Code's own work in between. */
  activation: ActivationTime;
  /** Of which `activate`. */
  activate: ActivationTime;
}

let activeController: ChatController | undefined;
let activeMcp: McpManager | undefined;

/** Each part is built from the parts before it; `codeLoading` is how long loading this code took (extension.ts). */
export function activate(context: vscode.ExtensionContext, codeLoading: ActivationTime): ElbowApi {
  const activateTime = startTiming();
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

  const activated = activateTime();
  const activation = { wallMs: codeLoading.wallMs + activated.wallMs, cpuMs: codeLoading.cpuMs + activated.cpuMs };
  log.info(`Elbow ${version} activated in ${activation.wallMs.toFixed(1)} ms, loading its code ${codeLoading.wallMs.toFixed(1)} ms (CPU ${activation.cpuMs.toFixed(1)} ms).`);
  return { activation, activate: activated };
}

/** VS Code waits for this on shutdown and reload: the open conversation is saved first. */
export async function deactivate(): Promise<void> {
  await activeController?.flush();
  activeController = undefined;
  // The servers' processes end with the extension host rather than linger.
  await activeMcp?.dispose();
  activeMcp = undefined;
}

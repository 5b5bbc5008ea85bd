import * as os from 'node:os';
import * as vscode from 'vscode';
import { elbowDataFolder } from '../../node/dataFolder';
import type { CustomizeNode } from '../customize/customizeTree';
import { ApiKeys } from '../apiKeys';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import type { CommandHandlers } from '../commands/commandHandlers';
import { chatCommands } from '../chat/chatCommands';
import { buildChat } from './buildChat';
import { buildChatBridges } from './buildChatBridges';
import { buildCustomize } from './buildCustomize';
import { buildMcp } from './buildMcp';
import { buildReview } from './buildReview';
import { buildTasks } from './buildTasks';
import type { TaskNode } from '../tasks/tasksTree';
import { compareCommands } from '../tasks/compareCommands';
import { buildWorkspaceHost } from './buildWorkspaceHost';
import { watchSettingsAndFolders } from './watchSettingsAndFolders';
import { questionBadge, WaitingQuestionCount } from '../chat/waitingQuestionCount';
import { UriRoutes } from '../uriRoutes';

/** The chat, review, MCP and the agent's host, started: the handlers of the manifest's commands, and how to stop. */
export interface StartedElbow {
  commands: CommandHandlers;
  /** The Customize view's contents. */
  customizeTree: vscode.TreeDataProvider<CustomizeNode>;
  /** The Tasks view's contents. */
  tasksTree: vscode.TreeDataProvider<TaskNode>;
  /** Saves the open conversation and ends the MCP servers' processes. */
  stop(): Promise<void>;
}

/**
 * Everything past the view and the command registrations: a bundle of its own (esbuild.js), loaded when the view is
 * first shown or a command first runs. Each part is built from the parts before it.
 */
export function startElbow(context: vscode.ExtensionContext, parts: { log: vscode.LogOutputChannel; view: ChatViewProvider }): StartedElbow {
  const { log, view } = parts;
  const keys = new ApiKeys(context.secrets);
  const storageFolder = (context.storageUri ?? context.globalStorageUri).fsPath;
  // The terminal's too: the same variables choose it.
  const dataFolder = elbowDataFolder(process.env, { platform: process.platform, home: os.homedir() });
  const version = context.extension.packageJSON.version as string;

  const review = buildReview(context);
  const waiting = new WaitingQuestionCount((count) => view.setBadge(questionBadge(count)));
  const bridges = buildChatBridges({
    review,
    post: (message) => view.post(message),
    chatVisible: () => view.isVisible,
    waiting,
    // Asked only once the servers run, by when `mcp` is built.
    mcpToolNames: (server) => mcp.manager.status().servers.find((status) => status.name === server)?.tools.map((tool) => tool.modelName) ?? [],
    openExternal: (url) => Promise.resolve(vscode.env.openExternal(vscode.Uri.parse(url, true))),
  });
  const host = buildWorkspaceHost(context, { storageFolder, dataFolder, log, writer: review.writer, changes: bridges.fileChanges });
  const uris = new UriRoutes(log);
  context.subscriptions.push(uris);
  const mcp = buildMcp(context, { log, view, version, serverSandbox: host.serverSandbox, waiting, uris, handlers: { elicit: bridges.elicitations.elicit } });
  context.subscriptions.push(bridges.elicitations);
  const customize = buildCustomize(context, host, log);
  const controller = buildChat(context, { log, keys, storageFolder, dataFolder, view, review, bridges, host, mcp, customize });
  watchSettingsAndFolders(context, { keys, controller, host, mcp: mcp.manager });
  const tasks = buildTasks(context, { log, storageFolder, dataFolder, controller, review, host });
  context.subscriptions.push(customize.onDidChange(() => void controller.settingsChanged()));

  // Reading the configuration starts nothing: the panel lists the servers, and they start when a conversation needs tools.
  void mcp.manager.reload();
  void controller.history.restore().catch((error: unknown) => log.error(`Could not restore the last conversation: ${String(error)}`));

  return {
    commands: { ...chatCommands({ controller, view, keys }), ...review.commands, ...mcp.commands, ...customize.commands, ...tasks.commands, ...compareCommands(context, tasks.tasks, keys) },
    customizeTree: customize.tree,
    tasksTree: tasks.tree,
    stop: async () => {
      await controller.flush();
      await tasks.stop();
      // The servers' processes end with the extension host rather than linger.
      await mcp.manager.dispose();
    },
  };
}

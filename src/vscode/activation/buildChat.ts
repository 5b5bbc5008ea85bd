import * as path from 'node:path';
import type * as vscode from 'vscode';
import { agentChoices } from '../../core/agent/pickedAgent';
import type { ApiKeys } from '../apiKeys';
import { ChatController } from '../chat/chatController';
import { receiveChatViewMessages } from '../chat/chatViewMessages';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import { readAttachment } from '../commands/attachmentCommands';
import type { ChatBridges } from './buildChatBridges';
import type { Customize } from './buildCustomize';
import type { Mcp } from './buildMcp';
import type { Review } from './buildReview';
import { buildHistoryStore } from './buildHistoryStore';
import type { WorkspaceHost } from './buildWorkspaceHost';
import { mentionHandlers } from '../mentions/mentionHandlers';
import { WorkspaceEntryCache } from '../mentions/workspaceEntryCache';

export interface ChatParts {
  log: vscode.LogOutputChannel;
  keys: ApiKeys;
  /** This workspace's Elbow storage: conversations and the archived transcripts of compacted ones. */
  storageFolder: string;
  /** Elbow's data folder, shared with the terminal: the history of a window on one folder is in it. */
  dataFolder: string;
  view: ChatViewProvider;
  review: Review;
  bridges: ChatBridges;
  host: WorkspaceHost;
  mcp: Mcp;
  customize: Customize;
}

/** The chat's controller, which takes the view's messages from now on. */
export function buildChat(context: vscode.ExtensionContext, parts: ChatParts): ChatController {
  const { log, view, bridges } = parts;
  const entries = new WorkspaceEntryCache(() => parts.host.current());
  const mentions = mentionHandlers({
    host: () => parts.host.current(),
    entries: () => entries.current(),
    lastCommand: () => parts.host.lastCommand(),
    post: (message) => view.post(message),
    attachments: () => controller.attachments,
    log: (message) => log.warn(message),
    agents: async () => agentChoices(await parts.customize.load()),
    mcp: parts.mcp.manager,
    images: () => controller.images,
  });
  const controller: ChatController = new ChatController({
    store: buildHistoryStore(parts),
    transcriptsFolder: path.join(parts.storageFolder, 'transcripts'),
    keys: parts.keys,
    log,
    state: context.workspaceState,
    post: (message) => view.post(message),
    host: () => parts.host.current(),
    readAttachment: async (attachment): Promise<string | undefined> => controller.attachments.takeSnapshot(attachment.id) ?? readAttachment(attachment),
    mentions,
    reviewManager: parts.review.manager,
    reviewActions: parts.review.actions,
    transcript: bridges.transcript,
    review: bridges.review,
    approvals: bridges.approvals,
    elicitations: bridges.elicitations,
    waiting: bridges.waiting,
    mcp: parts.mcp.panel,
    customizations: () => parts.customize.load(),
    slashSources: [parts.mcp.prompts],
  });
  context.subscriptions.push(controller, entries, receiveChatViewMessages(view, log, (message) => controller.handle(message)));
  return controller;
}

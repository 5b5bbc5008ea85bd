import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ApiKeys } from '../apiKeys';
import { ChatController } from '../chat/chatController';
import { receiveChatViewMessages } from '../chat/chatViewMessages';
import type { ChatViewProvider } from '../chat/chatViewProvider';
import { ConversationStore } from '../chat/conversationStore';
import { readAttachment } from '../commands/attachmentCommands';
import type { ChatBridges } from './buildChatBridges';
import type { Mcp } from './buildMcp';
import type { Review } from './buildReview';
import type { WorkspaceHost } from './buildWorkspaceHost';

export interface ChatParts {
  log: vscode.LogOutputChannel;
  keys: ApiKeys;
  /** This workspace's Elbow storage: conversations and the archived transcripts of compacted ones. */
  storageFolder: string;
  view: ChatViewProvider;
  review: Review;
  bridges: ChatBridges;
  host: WorkspaceHost;
  mcp: Mcp;
}

/** The chat's controller, which takes the view's messages from now on. */
export function buildChat(context: vscode.ExtensionContext, parts: ChatParts): ChatController {
  const { log, view, bridges } = parts;
  const controller = new ChatController({
    store: new ConversationStore(path.join(parts.storageFolder, 'conversations'), (message) => log.warn(message)),
    transcriptsFolder: path.join(parts.storageFolder, 'transcripts'),
    keys: parts.keys,
    log,
    state: context.workspaceState,
    post: (message) => view.post(message),
    host: () => parts.host.current(),
    readAttachment,
    reviewManager: parts.review.manager,
    reviewActions: parts.review.actions,
    transcript: bridges.transcript,
    review: bridges.review,
    approvals: bridges.approvals,
    mcp: parts.mcp.panel,
  });
  context.subscriptions.push(controller, receiveChatViewMessages(view, log, (message) => controller.handle(message)));
  return controller;
}

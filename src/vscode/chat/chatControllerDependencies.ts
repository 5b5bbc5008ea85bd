import type { SlashSource } from '../../core/customize/slashSource';
import type { Customizations } from '../../core/customize/customizations';
import type * as vscode from 'vscode';
import type { AgentHost } from '../../core/host/host';
import type { Attachment } from '../../protocol/chatItems';
import type { ToWebview } from '../../protocol/toWebview';
import type { ApiKeys } from '../apiKeys';
import type { McpPanelBridge } from './mcpPanelBridge';
import type { ReviewActions } from '../review/reviewActions';
import type { ReviewManager } from '../review/reviewManager';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatTranscript } from './chatTranscript';
import type { ElicitationBridge } from './elicitationBridge';
import type { ConversationStore } from './conversationStore';
import type { ReviewBridge } from './reviewBridge';
import type { WaitingQuestionCount } from './waitingQuestionCount';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

export interface ChatControllerDependencies {
  store: ConversationStore;
  /** Where a conversation's full history is archived before a summary replaces it. */
  transcriptsFolder: string;
  keys: ApiKeys;
  log: vscode.LogOutputChannel;
  /** Remembers which conversation was open, per workspace. */
  state: vscode.Memento;
  post(message: ToWebview): void;
  host(): Promise<AgentHost>;
  /** The text of an attachment (the open document's when there is one), `undefined` when unreadable. */
  readAttachment(attachment: Attachment): Promise<string | undefined>;
  reviewManager: ReviewManager;
  reviewActions: ReviewActions;
  /** The open conversation as the user sees it; the review and approval bridges show their news on its tool cards. */
  transcript: ChatTranscript;
  /** The chat's side of reviewing the agent's changes; also the gate edits wait at in `beforeApply` mode. */
  review: ReviewBridge;
  /** Permission requests in the tool cards, and the auto-approve switch. */
  approvals: ApprovalBridge;
  /** MCP servers' questions on the cards of their calls. */
  elicitations: ElicitationBridge;
  /** The questions waiting for the user (New Chat's about pending changes among them): the view's badge. */
  waiting: WaitingQuestionCount;
  /** The MCP panel: its messages and its state; its servers' tools join every session. */
  mcp: Pick<McpPanelBridge, 'messageHandlers' | 'postState' | 'toolSource'>;
  /** The `@` picker's rows and the chips of chosen mentions. */
  mentions: WebviewMessageHandlersFor<'mentionSearch' | 'addMention'>;
  /** The workspace's and the user's skills, commands, agents and hooks as they are now (workspace ones judged by the user's trust). */
  customizations(): Promise<Customizations>;
  /** Slash commands besides Elbow's and the customizations' (the MCP servers' prompts). */
  slashSources: readonly SlashSource[];
}

import type * as vscode from 'vscode';
import { todoListOf } from '../../core/agent/todoListOf';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatControllerDependencies } from './chatControllerDependencies';
import { messageWithAttachments } from './attachmentContext';
import type { ChatTranscript } from './chatTranscript';
import { restoreCheckpoint } from './checkpointRestore';
import { ChatRun } from './chatRun';
import { showRunInView } from './chatRunView';
import { ChatSessions } from './chatSessions';
import { ConversationHistory } from './conversationHistory';
import { conversationTitle } from './conversationStore';
import { ConversationSaves } from './conversationSaves';
import { PendingAttachments } from './pendingAttachments';
import { AgentPicker } from './agentPicker';
import { PlanMode } from './planMode';
import { isTextAttachment, PendingImages, userContentOf } from './pendingImages';
import { MessageQueue } from './messageQueue';
import { PendingChangesOnNewChat } from './pendingChangesOnNewChat';
import { SandboxNotice } from './sandboxNotice';
import { editorMessageHandlers } from './editorMessageHandlers';
import { routeWebviewMessage, type WebviewMessageHandlers } from './webviewMessageHandlers';
import { showInformation } from '../notifications';
import { postAll } from './postAll';
import { ChatSlashCommands } from './chatSlashCommands';

/** Routes the webview's messages to the owners of the open conversation: its run, queue, history, plan mode, attachments. */
export class ChatController implements vscode.Disposable {
  /** The open conversation and its requests; everyone else learns of its changes by subscribing. */
  readonly run: ChatRun;
  /** Also makes the sessions of worktree tasks, from the same settings and keys. */
  readonly sessions: ChatSessions;
  /** What the user attached to the next message. */
  readonly attachments: PendingAttachments;
  /** Images waiting for the next message, pasted or dropped or from an MCP resource. */
  readonly images: PendingImages;
  private readonly saves: ConversationSaves;
  /** The input should take focus once the webview has (re)loaded. */
  private focusPending = false;
  private readonly queue: MessageQueue;
  private readonly sandboxNotice: SandboxNotice;
  private readonly transcript: ChatTranscript;
  readonly approvals: ApprovalBridge;
  /** The saved conversations, and which one is open. */
  readonly history: ConversationHistory;
  readonly planMode: PlanMode;
  /** The conversation's agent: the header's picker and `@name` at a message's start. */
  readonly agents: AgentPicker;
  private readonly subscriptions: Array<{ dispose(): unknown }>;
  /** Every message the webview sends, each to its handler. */
  private readonly messageHandlers: WebviewMessageHandlers;
  /** The `/` picker's rows, and what a sent `/name args` does. */
  private readonly slash: ChatSlashCommands;

  constructor(private readonly deps: ChatControllerDependencies) {
    const { post, transcript } = deps;
    this.transcript = transcript;
    this.approvals = deps.approvals;
    this.sessions = new ChatSessions({ ...deps, takeNotes: () => deps.reviewManager.takeNotes(), toolSources: [deps.mcp.toolSource] });
    const run = new ChatRun((opened) => this.sessions.make(opened));
    this.run = run;
    this.saves = new ConversationSaves(run, deps, (id) => void this.history.remember(id));
    this.attachments = new PendingAttachments(post);
    this.images = new PendingImages(this.attachments);
    this.queue = new MessageQueue({ post, run, takeAttachments: () => this.attachments.take(), readAttachment: deps.readAttachment, showSteered: (text, attachments) => postAll(post, transcript.addSteered(text, attachments)), notice: (text) => postAll(post, transcript.addNotice(text)), send: (text, attachments) => this.send(text, attachments) });
    this.sandboxNotice = new SandboxNotice({ host: deps.host, run, post });
    const chat = { flush: () => this.saves.flush(), postFullState: () => this.postFullState(), focusInput: () => this.focusInput() };
    this.history = new ConversationHistory({ ...deps, run, chat, pendingChanges: new PendingChangesOnNewChat(deps.reviewManager, deps.reviewActions, deps.waiting) });
    this.agents = new AgentPicker({ run, post, customizations: deps.customizations, changed: () => this.saves.schedule() });
    this.planMode = new PlanMode({ run, post, changed: () => this.saves.schedule(), send: (text) => this.send(text), postAgent: () => void this.agents.postState() });
    this.slash = new ChatSlashCommands({ customizations: deps.customizations, host: deps.host, post, others: deps.slashSources, actions: { compact: () => this.compact(), newChat: () => this.history.newChat(), setPlanMode: (enabled) => this.planMode.set(enabled ? 'plan' : 'act'), send: (shown, forModel) => this.send(shown, undefined, forModel), isRunning: () => run.isRunning } });
    this.subscriptions = [this.saves, ...showRunInView(run, deps), this.slash.watch()];
    this.messageHandlers = {
      ready: () => this.webviewReady(),
      send: (message) => this.sendTyped(message.text),
      ...this.queue.messageHandlers,
      stop: () => this.stop(),
      retry: () => run.retry(),
      compact: () => this.compact(),
      ...this.history.messageHandlers,
      ...this.attachments.messageHandlers,
      ...this.images.messageHandlers,
      ...editorMessageHandlers,
      ...deps.review.messageHandlers,
      restoreCheckpoint: (message) => restoreCheckpoint(message.itemId, { actions: deps.reviewActions, transcript, run, post, changed: () => this.saves.schedule() }),
      ...deps.approvals.messageHandlers,
      ...deps.elicitations.messageHandlers,
      dismissSandboxNotice: (message) => void this.sandboxNotice.handle(message),
      ...deps.mcp.messageHandlers,
      ...this.planMode.messageHandlers,
      ...this.agents.messageHandlers,
      ...deps.mentions,
    };
  }

  handle(message: FromWebview): Promise<void> {
    return routeWebviewMessage(this.messageHandlers, message);
  }

  focusInput(): void {
    this.focusPending = true;
    this.deps.post({ type: 'focusInput' });
  }

  /** Settings or keys changed: the next message uses a new provider client; the webview shows the new model and key state. */
  async settingsChanged(): Promise<void> {
    this.run.outdate();
    await this.sessions.settingsChanged();
    void this.agents.postState();
    void this.sandboxNotice.post();
  }

  async postFullState(): Promise<void> {
    const { run } = this;
    const { totals, messages } = run.conversation;
    this.deps.post({ type: 'conversation', id: run.id, items: [...this.transcript.items], running: run.isRunning, usage: totals.usage, cost: totals.cost, context: run.context ?? null });
    this.attachments.postState();
    this.deps.post({ type: 'todos', items: todoListOf(messages) });
    this.queue.postState();
    await this.sessions.postModelAndKey();
    await this.deps.review.postState();
    this.approvals.postState();
    this.planMode.postState();
    void this.agents.postState();
    this.deps.mcp.postState();
    void this.slash.postRows();
    void this.sandboxNotice.post();
  }

  stop(): Promise<void> {
    return this.run.stop();
  }

  flush(): Promise<void> {
    return this.saves.flush();
  }

  /** Stops a running request; `deactivate` saves the conversation (a run that ends saves it too). */
  dispose(): void {
    void this.run.stop();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.deps.review.dispose();
    this.approvals.dispose();
    void this.run.commands.stopAll();
  }

  /** "Compact now": the model summarises the conversation so far. */
  async compact(): Promise<void> {
    if (this.run.isRunning) return;
    if (this.run.conversation.messages.length === 0) return void showInformation('Nothing to compact yet: the conversation is empty.');
    await this.run.compact();
  }

  /** The webview (re)loaded and wants the whole state. */
  private async webviewReady(): Promise<void> {
    await this.postFullState();
    if (this.focusPending) this.deps.post({ type: 'focusInput' });
    this.focusPending = false;
  }

  private async sendTyped(typed: string): Promise<void> {
    if (await this.slash.handle(typed)) return;
    const text = await this.agents.takePrefix(typed);
    if (text.trim() === '') return;
    return this.run.isRunning ? this.queue.add(text) : this.send(text);
  }

  /** `forModel`: what the model gets instead of the text the transcript shows (an expanded slash command). */
  private async send(text: string, attachments = this.attachments.take(), forModel = text): Promise<void> {
    const { run, transcript } = this;
    if (run.isRunning) return;
    const attached = await Promise.all(attachments.filter(isTextAttachment).map(async (attachment) => ({ attachment, text: await this.deps.readAttachment(attachment) })));
    if (transcript.items.length === 0) run.title = conversationTitle(text);
    for (const message of transcript.addUser(text, attachments)) {
      if (message.type === 'itemAdded') this.deps.reviewManager.state.checkpoints.begin(message.item.id);
      this.deps.post(message);
    }
    await this.history.remember(run.id);
    await run.send(userContentOf(messageWithAttachments(forModel, attached), this.images.take(attachments)));
  }
}

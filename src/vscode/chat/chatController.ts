import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { AgentEvent } from '../../core/agent/agentEvents';
import type { AgentSession } from '../../core/agent/agentSession';
import { CommandSession } from '../../core/tools/builtin/commands/commandSession';
import { storedTotals } from '../../core/context/usageTotals';
import type { AgentHost } from '../../core/host/host';
import type { ToolSource } from '../../core/tools/toolSource';
import { emptyUsage, userText, type Message } from '../../core/llm/messages';
import { ServerModelProbe } from '../../core/llm/modelInfo/serverModelProbe';
import type { Attachment } from '../../protocol/chatItems';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import type { ApiKeys } from '../apiKeys';
import { readSettings } from '../settings';
import { warnOfIgnoredEndpoint } from './ignoredEndpointWarning';
import { ConversationReview } from '../review/conversationReview';
import type { ReviewActions } from '../review/reviewActions';
import type { ReviewManager } from '../review/reviewManager';
import { ApprovalBridge } from './approvalBridge';
import { messageWithAttachments } from './attachmentContext';
import { logAgentEvent } from './logAgentEvent';
import { ChatTranscript, INTERRUPTED_RUN_NOTICE } from './chatTranscript';
import { conversationTitle, type ConversationStore, type StoredConversation } from './conversationStore';
import { contextGaugeOf } from './contextGaugeOf';
import { createChatSession } from './createChatSession';
import { JsonlTranscriptArchive } from '../../node/jsonlTranscriptArchive';
import { ReviewBridge } from './reviewBridge';
import { SandboxNotice } from './sandboxNotice';

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
  chatVisible(): boolean;
  /** The MCP panel: its messages and its state; its servers' tools join every session. */
  mcp: { handle(message: FromWebview): boolean; postState(): void; toolSource: ToolSource };
}

const lastConversationKey = 'elbow.lastConversation';
const saveDelayMs = 400;

/** The open conversation: runs the agent for it, keeps the webview in step by deltas, and persists it. */
export class ChatController implements vscode.Disposable {
  private conversation: StoredConversation = newConversation();
  private transcript = new ChatTranscript();
  private session: AgentSession | undefined;
  /** Asks an OpenAI-compatible server for a model's real window; its answers are kept across sessions. */
  private readonly modelInfo = new ServerModelProbe({ log: (line) => this.deps.log.info(line) });
  /** The open conversation's commands and background processes; they outlive a session made anew for other settings. */
  private commands = new CommandSession();
  private abort: AbortController | undefined;
  private attachments: Attachment[] = [];
  private saveTimer: NodeJS.Timeout | undefined;
  private lastRun: Promise<unknown> = Promise.resolve();
  /** The input should take focus once the webview has (re)loaded. */
  private focusPending = false;
  private readonly sandboxNotice = new SandboxNotice({ host: () => this.deps.host(), conversationId: () => this.conversation.id, post: (message) => this.deps.post(message) });

  /** The chat's side of reviewing the agent's changes; also the gate edits wait at in `beforeApply` mode. */
  readonly review: ReviewBridge;
  /** Permission requests in the tool cards, and the auto-approve switch. */
  readonly approvals: ApprovalBridge;

  constructor(private readonly deps: ChatControllerDependencies) {
    this.review = new ReviewBridge({
      manager: deps.reviewManager,
      actions: deps.reviewActions,
      transcript: () => this.transcript,
      isRunning: () => this.isRunning,
      chatVisible: deps.chatVisible,
      post: deps.post,
      changed: () => this.scheduleSave(),
    });
    this.approvals = new ApprovalBridge({ transcript: () => this.transcript, chatVisible: deps.chatVisible, post: deps.post, changed: () => this.scheduleSave() });
  }

  get isRunning(): boolean {
    return this.abort !== undefined;
  }

  /** Reopens the conversation that was open before the window closed or reloaded. */
  async restore(): Promise<void> {
    const id = this.deps.state.get<string>(lastConversationKey);
    if (id !== undefined) await this.open(id);
  }

  async handle(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.postFullState();
        if (this.focusPending) this.deps.post({ type: 'focusInput' });
        this.focusPending = false;
        return;
      case 'send': return this.send(message.text);
      case 'stop': return this.stop();
      case 'retry': return this.retry();
      case 'newChat': return this.newChat();
      case 'compact': return this.compact();
      case 'showHistory': return this.showHistory();
      case 'openConversation': return this.open(message.id);
      case 'deleteConversation': return this.deleteConversation(message.id);
      case 'removeAttachment':
        this.attachments = this.attachments.filter((attachment) => attachment.id !== message.id);
        return this.deps.post({ type: 'attachments', attachments: this.attachments });
      case 'openLink': return void vscode.commands.executeCommand('elbow.openLink', message.href);
      case 'copy': return vscode.env.clipboard.writeText(message.text);
      case 'changeModel': return void vscode.commands.executeCommand('elbow.changeModel');
      case 'setApiKey': return void vscode.commands.executeCommand('elbow.setApiKey');
      default:
        if (!this.approvals.handle(message) && !this.sandboxNotice.handle(message) && !this.deps.mcp.handle(message)) await this.review.handle(message);
    }
  }

  attach(attachment: Omit<Attachment, 'id'>): void {
    const duplicate = this.attachments.some((existing) => existing.path === attachment.path && existing.kind === attachment.kind && existing.startLine === attachment.startLine && existing.endLine === attachment.endLine);
    if (!duplicate) this.attachments.push({ ...attachment, id: randomUUID() });
    this.deps.post({ type: 'attachments', attachments: this.attachments });
  }

  focusInput(): void {
    this.focusPending = true;
    this.deps.post({ type: 'focusInput' });
  }

  /** Settings or keys changed: the next message uses a new provider client; the webview shows the new model and key state. */
  async settingsChanged(): Promise<void> {
    if (!this.isRunning) this.session = undefined;
    await this.postModelAndKey();
    void this.sandboxNotice.post();
  }

  async postFullState(): Promise<void> {
    const { usage, context } = this.conversation;
    this.deps.post({ type: 'conversation', id: this.conversation.id, items: [...this.transcript.items], running: this.isRunning, usage, cost: this.cost, context: context ?? null });
    this.deps.post({ type: 'attachments', attachments: this.attachments });
    await this.postModelAndKey();
    await this.review.postState();
    this.approvals.postState();
    this.deps.mcp.postState();
    void this.sandboxNotice.post();
  }

  async newChat(): Promise<void> {
    if (this.isRunning) await this.stop();
    await this.flush();
    this.switchTo(newConversation());
    await this.deps.state.update(lastConversationKey, undefined);
    await this.postFullState();
    this.focusInput();
  }

  async showHistory(): Promise<void> {
    this.deps.post({ type: 'history', conversations: await this.deps.store.list() });
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.lastRun;
  }

  async flush(): Promise<void> {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (this.transcript.items.length === 0) return;
    await this.deps.store.save({ ...this.conversation, items: [...this.transcript.items], review: this.deps.reviewManager.state.toJSON(), updatedAt: Date.now() });
  }

  /** Stops a running request; `deactivate` saves the conversation (a run that ends saves it too). */
  dispose(): void {
    this.abort?.abort();
    this.review.dispose();
    this.approvals.dispose();
    void this.commands.stopAll();
  }

  private async open(id: string): Promise<void> {
    if (id === this.conversation.id) return this.postFullState();
    const stored = await this.deps.store.load(id);
    if (stored === undefined) {
      this.deps.log.warn(`Conversation ${id} could not be loaded.`);
      return;
    }
    if (this.isRunning) await this.stop();
    await this.flush();
    this.switchTo(stored);
    const interrupted = this.transcript.markInterrupted();
    if (!interrupted && owesReply(stored.messages) && this.transcript.items.at(-1)?.kind !== 'error') {
      this.transcript.addError(INTERRUPTED_RUN_NOTICE, true);
    }
    await this.deps.state.update(lastConversationKey, id);
    await this.postFullState();
  }

  private async deleteConversation(id: string): Promise<void> {
    if (id === this.conversation.id) {
      await this.stop();
      this.switchTo(newConversation());
      await this.postFullState();
    }
    await this.deps.store.delete(id);
    await this.showHistory();
  }

  private switchTo(conversation: StoredConversation): void {
    this.conversation = conversation;
    this.transcript = new ChatTranscript(conversation.items);
    this.session = undefined;
    this.approvals.reset();
    void this.commands.stopAll();
    this.commands = new CommandSession();
    this.deps.reviewManager.load(ConversationReview.fromJSON(conversation.review));
  }

  private async send(text: string): Promise<void> {
    if (this.isRunning) return;
    const attachments = this.attachments;
    this.attachments = [];
    this.deps.post({ type: 'attachments', attachments: [] });
    const attached = await Promise.all(attachments.map(async (attachment) => ({ attachment, text: await this.deps.readAttachment(attachment) })));
    if (this.transcript.items.length === 0) this.conversation.title = conversationTitle(text);
    this.postAll(this.transcript.addUser(text, attachments));
    const userItem = this.transcript.items.at(-1);
    if (userItem !== undefined) this.deps.reviewManager.state.checkpoints.begin(userItem.id);
    await this.deps.state.update(lastConversationKey, this.conversation.id);
    const message = messageWithAttachments(text, attached);
    // Without a session (no key yet) the message still joins the history, so Retry sends it once a key is set.
    await this.run((session, emit, signal) => session.send(message, emit, signal), () => this.conversation.messages.push(userText(message)));
  }

  private async retry(): Promise<void> {
    if (this.isRunning) return;
    await this.run((session, emit, signal) => session.retry(emit, signal));
  }

  /** "Compact now": the model summarises the conversation so far. */
  async compact(): Promise<void> {
    if (this.isRunning) return;
    if (this.conversation.messages.length === 0) {
      void vscode.window.showInformationMessage('Nothing to compact yet: the conversation is empty.');
      return;
    }
    await this.run((session, emit, signal) => session.compact(emit, signal));
  }

  private get cost(): number | null {
    return storedTotals(this.conversation.usage, this.conversation.cost).cost;
  }

  private async run(
    start: (session: AgentSession, emit: (event: AgentEvent) => void, signal: AbortSignal) => Promise<unknown>,
    withoutSession: () => void = () => undefined,
  ): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.setRunning(true);
    const finished = (async () => {
      try {
        const session = await this.currentSession();
        if (session === undefined) return withoutSession();
        await start(session, (event) => this.onEvent(event), abort.signal);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.deps.log.error(`Could not run the request: ${message}`);
        this.postAll(this.transcript.addError(message, true));
      } finally {
        this.abort = undefined;
        this.setRunning(false);
        await this.flush();
      }
    })();
    this.lastRun = finished;
    await finished;
  }

  private async currentSession(): Promise<AgentSession | undefined> {
    if (this.session !== undefined) return this.session;
    const settings = readSettings();
    const apiKey = await this.deps.keys.get(settings.provider);
    if (apiKey === undefined) {
      this.postAll(this.transcript.addError(`No API key for ${settings.provider}. Run "Elbow: Set API Key" to add one.`, true));
      await this.postModelAndKey();
      return undefined;
    }
    this.deps.log.info(`New session: provider ${settings.provider}, model ${settings.model}, endpoint ${settings.baseUrl ?? 'default'}.`);
    warnOfIgnoredEndpoint(this.deps.log);
    this.session = await createChatSession({
      settings,
      apiKey,
      host: await this.deps.host(),
      conversation: { ...this.conversation, cost: this.cost },
      archive: new JsonlTranscriptArchive(this.deps.transcriptsFolder, this.conversation.id),
      commands: this.commands,
      approvals: this.approvals,
      takeNotes: () => this.deps.reviewManager.takeNotes(),
      toolSources: [this.deps.mcp.toolSource],
      modelInfo: this.modelInfo,
    });
    this.conversation.messages = this.session.messages;
    this.conversation.model = { provider: settings.provider, model: settings.model };
    if (this.session.limits?.known === false) void this.hintUnknownModel(settings.model, this.session.limits.contextWindow);
    return this.session;
  }

  private onEvent(event: AgentEvent): void {
    logAgentEvent(this.deps.log, event, this.conversation);
    this.postAll(this.transcript.apply(event));
    if (event.type === 'usage' && event.total !== undefined) {
      this.conversation.usage = event.total.usage;
      this.conversation.cost = event.total.cost;
      this.deps.post({ type: 'usage', usage: event.total.usage, cost: event.total.cost });
    }
    if (event.type === 'context') {
      this.conversation.context = contextGaugeOf(event, this.session?.limits);
      this.deps.post({ type: 'context', context: this.conversation.context });
    }
    if (event.type === 'assistant_message' || event.type === 'tool_result' || event.type === 'done' || event.type === 'compaction') this.scheduleSave();
  }

  /** Once per model: Elbow assumes a small window for a model it does not know, and says how to set the real one. */
  private async hintUnknownModel(model: string, assumedWindow: number): Promise<void> {
    const key = `elbow.unknownModelHinted.${model}`;
    if (this.deps.state.get<boolean>(key) === true) return;
    await this.deps.state.update(key, true);
    const choice = await vscode.window.showInformationMessage(
      `Elbow does not know the context window of "${model}" and assumes ${assumedWindow.toLocaleString('en-US')} tokens, so it compacts early and shows no cost. Set its window and prices in the "elbow.models" setting.`,
      'Open Settings',
    );
    if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'elbow.models');
  }

  private scheduleSave(): void {
    if (this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.flush().catch((error: unknown) => this.deps.log.error(`Could not save the conversation: ${String(error)}`));
    }, saveDelayMs);
  }

  private setRunning(running: boolean): void {
    this.deps.post({ type: 'running', running });
    void vscode.commands.executeCommand('setContext', 'elbow.running', running);
  }

  private async postModelAndKey(): Promise<void> {
    const settings = readSettings();
    this.deps.post({ type: 'model', model: { provider: settings.provider, model: settings.model } });
    this.deps.post({ type: 'apiKey', available: (await this.deps.keys.get(settings.provider)) !== undefined, provider: settings.provider });
  }

  private postAll(messages: readonly ToWebview[]): void {
    for (const message of messages) this.deps.post(message);
  }
}

function newConversation(): StoredConversation {
  const now = Date.now();
  return { version: 1, id: randomUUID(), title: 'New chat', createdAt: now, updatedAt: now, messages: [], items: [], usage: emptyUsage() };
}

/** The model had not answered yet when the conversation was last saved. */
function owesReply(messages: readonly Message[]): boolean {
  const last = messages.at(-1);
  return last !== undefined && last.role !== 'assistant';
}

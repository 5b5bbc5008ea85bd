import { presetById } from '../../core/llm/presets/providerPresets';
import * as vscode from 'vscode';
import type { AgentEvent } from '../../core/agent/agentEvents';
import type { AgentSession } from '../../core/agent/agentSession';
import { CommandSession } from '../../core/tools/builtin/commands/commandSession';
import { storedTotals } from '../../core/context/usageTotals';
import { todoListOf } from '../../core/agent/todoListOf';
import { userMessageOf } from '../../core/llm/imageRefusal';
import { ServerModelProbe } from '../../core/llm/modelInfo/serverModelProbe';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import type { AgentSettings } from '../../core/agent/agentSettings';
import { azureAuthentication, providerLabel, readAgentSettings } from '../settings';
import { providerCredentials, type ProviderCredentials } from './providerCredentials';
import { providerSetupProblem } from './providerSetupProblem';
import { warnOfDroppedFallbacks } from './droppedFallbackWarning';
import { warnOfIgnoredEndpoint } from './ignoredEndpointWarning';
import { ConversationReview } from '../review/conversationReview';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatControllerDependencies } from './chatControllerDependencies';
import { messageWithAttachments } from './attachmentContext';
import { logAgentEvent } from './logAgentEvent';
import { MissingKeyError, type ChosenProvider } from './missingKeyError';
import type { ChatTranscript } from './chatTranscript';
import { restoreCheckpoint } from './checkpointRestore';
import { ConversationHistory, newConversation } from './conversationHistory';
import { conversationTitle, type StoredConversation } from './conversationStore';
import { contextGaugeOf } from './contextGaugeOf';
import { createChatSession } from './createChatSession';
import { DelayedSave } from './delayedSave';
import { JsonlTranscriptArchive } from '../../node/jsonlTranscriptArchive';
import { PendingAttachments } from './pendingAttachments';
import { PlanMode } from './planMode';
import { isTextAttachment, PendingImages, userContentOf } from './pendingImages';
import { MessageQueue } from './messageQueue';
import { PendingChangesOnNewChat } from './pendingChangesOnNewChat';
import type { ReviewBridge } from './reviewBridge';
import { SandboxNotice } from './sandboxNotice';
import { editorMessageHandlers } from './editorMessageHandlers';
import { hintUnknownModel } from './unknownModelHint';
import { routeWebviewMessage, type WebviewMessageHandlers } from './webviewMessageHandlers';
import { showInformation } from '../notifications';

/** The open conversation: runs the agent for it, keeps the webview in step by deltas, and persists it. */
export class ChatController implements vscode.Disposable {
  private conversation: StoredConversation = newConversation();
  private session: AgentSession | undefined;
  /** Settings changed while the session ran: the next message gets a session made from the new ones. */
  private sessionOutdated = false;
  /** Asks an OpenAI-compatible server for a model's real window; its answers are kept across sessions. */
  private readonly modelInfo = new ServerModelProbe({ log: (line) => this.deps.log.info(line) });
  /** The open conversation's commands and background processes; they outlive a session made anew for other settings. */
  private commands = new CommandSession();
  private abort: AbortController | undefined;
  /** What the user attached to the next message. */
  readonly attachments: PendingAttachments;
  private readonly images: PendingImages;
  /** While a run goes on, a long conversation (whose save takes a while) is written at most every 2 s, and when it ends. */
  private readonly saves = new DelayedSave(
    () => this.flush(),
    (error) => this.deps.log.error(`Could not save the conversation: ${String(error)}`),
    () => (this.isRunning && this.transcript.items.length > 1_000 ? 2_000 : 400),
  );
  private lastRun: Promise<unknown> = Promise.resolve();
  /** The input should take focus once the webview has (re)loaded. */
  private focusPending = false;
  private readonly queue = new MessageQueue({ post: (message) => this.deps.post(message), takeAttachments: () => this.attachments.take(), readAttachment: (attachment) => this.deps.readAttachment(attachment), session: () => this.session, isRunning: () => this.isRunning, showSteered: (text, attachments) => this.postAll(this.transcript.addSteered(text, attachments)), notice: (text) => this.postAll(this.transcript.addNotice(text)), send: (text, attachments) => this.send(text, attachments) });
  private readonly sandboxNotice = new SandboxNotice({ host: () => this.deps.host(), conversationId: () => this.conversation.id, post: (message) => this.deps.post(message) });

  private readonly transcript: ChatTranscript;
  private readonly missingKey: MissingKeyError;
  private readonly review: ReviewBridge;
  readonly approvals: ApprovalBridge;
  /** The saved conversations, and which one is open. */
  readonly history: ConversationHistory;
  readonly planMode: PlanMode;
  private readonly subscriptions: vscode.Disposable[];
  /** Every message the webview sends, each to its handler. */
  private readonly messageHandlers: WebviewMessageHandlers;

  constructor(private readonly deps: ChatControllerDependencies) {
    this.transcript = deps.transcript;
    this.missingKey = new MissingKeyError(deps.transcript);
    this.review = deps.review;
    this.approvals = deps.approvals;
    this.attachments = new PendingAttachments(deps.post);
    this.images = new PendingImages(this.attachments);
    this.history = new ConversationHistory({
      store: deps.store,
      state: deps.state,
      log: deps.log,
      post: deps.post,
      transcript: deps.transcript,
      pendingChanges: new PendingChangesOnNewChat(deps.reviewManager, deps.reviewActions, deps.waiting),
      chat: {
        id: () => this.conversation.id,
        isRunning: () => this.isRunning,
        stop: () => this.stop(),
        flush: () => this.flush(),
        switchTo: (conversation) => this.switchTo(conversation),
        postFullState: () => this.postFullState(),
        focusInput: () => this.focusInput(),
      },
    });
    this.planMode = new PlanMode({ conversation: () => this.conversation, session: () => this.session, post: deps.post, changed: () => this.saves.schedule(), send: (text) => this.send(text), isRunning: () => this.isRunning });
    this.subscriptions = [deps.reviewManager.onDidChange(() => this.saves.schedule()), deps.approvals.onDidDecide(() => this.saves.schedule())];
    this.messageHandlers = {
      ready: () => this.webviewReady(),
      send: (message) => (this.isRunning ? this.queue.add(message.text) : this.send(message.text)),
      ...this.queue.messageHandlers,
      stop: () => this.stop(),
      retry: () => this.retry(),
      compact: () => this.compact(),
      ...this.history.messageHandlers,
      ...this.attachments.messageHandlers,
      ...this.images.messageHandlers,
      ...editorMessageHandlers,
      ...deps.review.messageHandlers,
      restoreCheckpoint: (message) => restoreCheckpoint(message.itemId, { actions: deps.reviewActions, transcript: deps.transcript, isRunning: () => this.isRunning, post: deps.post, changed: () => this.saves.schedule() }),
      ...deps.approvals.messageHandlers,
      dismissSandboxNotice: (message) => void this.sandboxNotice.handle(message),
      ...deps.mcp.messageHandlers,
      ...this.planMode.messageHandlers,
      ...deps.mentions,
    };
  }

  get isRunning(): boolean {
    return this.abort !== undefined;
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
    this.sessionOutdated = true;
    if (!this.isRunning) this.dropOutdatedSession();
    const chosen = await this.postModelAndKey();
    this.postAll(this.missingKey.update(chosen));
    void this.sandboxNotice.post();
  }

  async postFullState(): Promise<void> {
    const { usage, context } = this.conversation;
    this.deps.post({ type: 'conversation', id: this.conversation.id, items: [...this.transcript.items], running: this.isRunning, usage, cost: this.cost, context: context ?? null });
    this.attachments.postState();
    this.deps.post({ type: 'todos', items: todoListOf(this.conversation.messages) });
    this.queue.postState();
    await this.postModelAndKey();
    await this.review.postState();
    this.approvals.postState();
    this.planMode.postState();
    this.deps.mcp.postState();
    void this.sandboxNotice.post();
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.lastRun;
  }

  async flush(): Promise<void> {
    this.saves.cancel();
    if (this.transcript.items.length === 0) return;
    await this.deps.store.save({ ...this.conversation, items: [...this.transcript.items], review: this.deps.reviewManager.state.toJSON(), updatedAt: Date.now() });
  }

  /** Stops a running request; `deactivate` saves the conversation (a run that ends saves it too). */
  dispose(): void {
    this.abort?.abort();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.review.dispose();
    this.approvals.dispose();
    void this.commands.stopAll();
  }

  /** The webview (re)loaded and wants the whole state. */
  private async webviewReady(): Promise<void> {
    await this.postFullState();
    if (this.focusPending) this.deps.post({ type: 'focusInput' });
    this.focusPending = false;
  }

  private switchTo(conversation: StoredConversation): void {
    this.conversation = conversation;
    this.transcript.load(conversation.items);
    this.session = undefined;
    this.approvals.reset();
    void this.commands.stopAll();
    this.commands = new CommandSession();
    this.deps.reviewManager.load(ConversationReview.fromJSON(conversation.review));
  }

  private async send(text: string, attachments = this.attachments.take()): Promise<void> {
    if (this.isRunning) return;
    const attached = await Promise.all(attachments.filter(isTextAttachment).map(async (attachment) => ({ attachment, text: await this.deps.readAttachment(attachment) })));
    if (this.transcript.items.length === 0) this.conversation.title = conversationTitle(text);
    this.postAll(this.transcript.addUser(text, attachments));
    const userItem = this.transcript.items.at(-1);
    if (userItem !== undefined) this.deps.reviewManager.state.checkpoints.begin(userItem.id);
    await this.history.remember(this.conversation.id);
    const message = userContentOf(messageWithAttachments(text, attached), this.images.take(attachments));
    // Without a session (no key yet) the message still joins the history, so Retry sends it once a key is set.
    await this.run((session, emit, signal) => session.send(message, emit, signal), () => this.conversation.messages.push(userMessageOf(message)));
  }

  private async retry(): Promise<void> {
    if (this.isRunning) return;
    await this.run((session, emit, signal) => session.retry(emit, signal));
  }

  /** "Compact now": the model summarises the conversation so far. */
  async compact(): Promise<void> {
    if (this.isRunning) return;
    if (this.conversation.messages.length === 0) {
      void showInformation('Nothing to compact yet: the conversation is empty.');
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
        this.dropOutdatedSession();
        this.setRunning(false);
        await this.flush();
        void this.queue.runEnded();
      }
    })();
    this.lastRun = finished;
    await finished;
  }

  private async currentSession(): Promise<AgentSession | undefined> {
    if (this.session !== undefined) return this.session;
    const settings = readAgentSettings();
    const problem = providerSetupProblem(settings);
    if (problem !== undefined && presetById(settings.provider) === undefined) throw new Error(problem);
    const credentials = await this.credentials(settings);
    if (credentials === undefined) {
      this.postAll(this.missingKey.add(await this.postModelAndKey()));
      return undefined;
    }
    this.missingKey.forget();
    if (problem !== undefined) throw new Error(problem);
    this.deps.log.info(`New session: provider ${settings.provider}, model ${settings.model}, endpoint ${settings.baseUrl ?? 'default'}.`);
    void warnOfIgnoredEndpoint(this.deps.log);
    warnOfDroppedFallbacks(this.deps.log, settings.model);
    this.session = await createChatSession({
      settings,
      ...credentials,
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
    if (this.session.limits?.known === false) void hintUnknownModel(this.deps.state, settings.model, this.session.limits.contextWindow);
    return this.session;
  }

  private dropOutdatedSession(): void {
    if (!this.sessionOutdated) return;
    this.session = undefined;
    this.sessionOutdated = false;
  }

  private onEvent(event: AgentEvent): void {
    logAgentEvent(this.deps.log, event, this.conversation);
    this.postAll(this.transcript.apply(event));
    this.queue.apply(event);
    if (event.type === 'usage' && event.total !== undefined) {
      this.conversation.usage = event.total.usage;
      this.conversation.cost = event.total.cost;
      this.deps.post({ type: 'usage', usage: event.total.usage, cost: event.total.cost });
    }
    if (event.type === 'context') {
      this.conversation.context = contextGaugeOf(event, this.session?.limits);
      this.deps.post({ type: 'context', context: this.conversation.context });
    }
    if (event.type === 'assistant_message' || event.type === 'tool_result' || event.type === 'done' || event.type === 'compaction') this.saves.schedule();
  }

  private setRunning(running: boolean): void {
    this.deps.post({ type: 'running', running });
    void vscode.commands.executeCommand('setContext', 'elbow.running', running);
  }

  /** The provider by its name in the picker, never its setting's value. */
  private async postModelAndKey(): Promise<ChosenProvider> {
    const settings = readAgentSettings();
    const chosen = { label: providerLabel(settings.provider, settings.baseUrl), model: settings.model, hasKey: (await this.credentials(settings)) !== undefined };
    this.deps.post({ type: 'model', model: { provider: chosen.label, model: settings.model } });
    this.deps.post({ type: 'apiKey', available: chosen.hasKey, provider: chosen.label });
    return chosen;
  }

  private credentials(settings: AgentSettings): Promise<ProviderCredentials | undefined> {
    return providerCredentials(settings, this.deps.keys, { authentication: azureAuthentication(), signIn: vscode.authentication });
  }

  private postAll(messages: readonly ToWebview[]): void {
    for (const message of messages) this.deps.post(message);
  }
}



import type { ChatItem } from '../protocol/chatItems';
import type { ToWebview } from '../protocol/toWebview';
import { AutoScroll } from './autoScroll';
import { ActOnPlan } from './items/actOnPlan';
import { ChangesPanel } from './changesPanel';
import { Composer } from './composer';
import { ContextBar } from './contextBar';
import { QueuedMessages } from './queuedMessages';
import { h } from './dom';
import { Header } from './header';
import { HistoryPanel } from './historyPanel';
import { McpPanel } from './mcpPanel';
import { handleMessageActions } from './messageActions';
import { MessageList } from './messageList';
import { RetryBanner } from './retryBanner';
import { SandboxBanner } from './sandboxBanner';
import { TodoList } from './todoList';
import { questionRegion, WaitingQuestions } from './waitingQuestions';
import type { ExtensionLink } from './vscodeApi';
import { Welcome } from './welcome';

/** The whole chat view: builds the page and applies each message from the extension. */
export class ChatApp {
  private readonly header: Header;
  private readonly contextBar: ContextBar;
  private readonly welcome: Welcome;
  private readonly messages = h('div', {
    id: 'messages',
    attributes: { role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation', tabindex: '0' },
  });
  private readonly emptyState = h('div', { id: 'empty-state', className: 'empty-state', hidden: true }, [
    h('p', { className: 'empty-title', text: 'Ask Elbow about your code.' }),
    h('p', { text: 'It reads, searches and edits files in this workspace. Add files or selections to the chat from the explorer or editor context menu.' }),
  ]);
  private readonly retryBanner = new RetryBanner();
  private readonly sandboxBanner: SandboxBanner;
  private readonly changes: ChangesPanel;
  private readonly todos = new TodoList();
  private readonly composer: Composer;
  private readonly queued: QueuedMessages;
  private readonly history: HistoryPanel;
  private readonly mcp: McpPanel;
  private readonly list: MessageList;
  private readonly actOnPlan: ActOnPlan;
  private readonly questions = new WaitingQuestions();
  private running = false;

  constructor(root: HTMLElement, extension: ExtensionLink) {
    const scroll = new AutoScroll(this.messages);
    this.header = new Header(extension, () => this.openMcp());
    this.contextBar = new ContextBar(extension, () => this.composer.focus());
    this.welcome = new Welcome(extension);
    this.list = new MessageList(this.messages, scroll, extension, () => this.refresh());
    this.composer = new Composer(extension, () => scroll.pin());
    this.queued = new QueuedMessages(extension, () => this.composer.focus());
    this.changes = new ChangesPanel(extension, () => this.composer.focus());
    this.sandboxBanner = new SandboxBanner(extension, () => this.composer.focus());
    const main = h('div', { id: 'main' }, [
      this.header.element,
      this.contextBar.element,
      h('div', { id: 'progress', className: 'progress', attributes: { 'aria-hidden': 'true' } }),
      this.header.autoApprove.banner,
      this.sandboxBanner.element,
      this.welcome.element,
      h('div', { className: 'conversation-area' }, [this.messages, this.emptyState]),
      this.changes.element,
      this.todos.element,
      this.retryBanner.element,
      this.queued.element,
      this.composer.element,
    ]);
    this.actOnPlan = new ActOnPlan(extension);
    this.history = new HistoryPanel(extension, main, () => this.composer.focus());
    this.mcp = new McpPanel(extension, main, () => this.composer.focus());
    root.replaceChildren(main, this.history.element, this.mcp.element);
    handleMessageActions(this.messages, extension);
    this.composer.attached();
    this.setRunning(false);
  }

  /** To the prompt box, or to the question that waits for the user (Elbow: Focus Chat, Show in Chat). */
  focusInput(): void {
    const waiting = this.questions.latest;
    if (waiting === undefined || !this.revealQuestion(waiting, true)) this.composer.focus();
  }

  receive(message: ToWebview): void {
    switch (message.type) {
      case 'conversation':
        this.history.setCurrent(message.id);
        this.list.reset(message.items);
        this.questions.reset(message.items);
        this.showQuestions(this.questions.latest);
        this.contextBar.setUsage(message.usage, message.cost);
        this.contextBar.setContext(message.context);
        this.setRunning(message.running);
        if (!message.running) this.retryBanner.show(null);
        break;
      case 'itemAdded':
        this.list.add(message.item);
        this.noteQuestion(message.item);
        break;
      case 'itemUpdated':
        this.list.update(message.item);
        this.noteQuestion(message.item);
        break;
      case 'textDelta': this.list.appendText(message.itemId, message.text); break;
      case 'thinkingDelta': this.list.appendThinking(message.itemId, message.text); break;
      case 'running':
        this.setRunning(message.running);
        if (!message.running) this.retryBanner.show(null);
        break;
      case 'retryWait': this.retryBanner.show(message.wait); break;
      case 'usage': this.contextBar.setUsage(message.usage, message.cost); break;
      case 'context': this.contextBar.setContext(message.context); break;
      case 'model': this.header.setModel(message.model); break;
      case 'apiKey':
        this.welcome.setApiKey(message.available, message.provider);
        this.refresh();
        break;
      case 'attachments': this.composer.setAttachments(message.attachments); break;
      case 'history':
        this.mcp.hide();
        this.history.show(message.conversations);
        break;
      case 'focusInput':
        this.history.hide();
        this.mcp.hide();
        this.focusInput();
        break;
      case 'changes': this.changes.show(message.files); break;
      case 'checkpoints': this.list.setCheckpoints(message.itemIds); break;
      case 'autoApprove': this.header.autoApprove.set(message.enabled); break;
      case 'sandboxNotice': this.sandboxBanner.show(message.notice); break;
      case 'mcp':
        this.header.mcp.set(message.state);
        this.mcp.update(message.state);
        break;
      case 'showMcp': this.openMcp(); break;
      case 'todos': this.todos.show(message.items); break;
      case 'planMode':
        this.actOnPlan.setPlanMode(message.enabled);
        this.refresh();
        break;
      case 'agent': this.header.agentPicker.set(message.picked, message.choices); break;
      case 'mentionCandidates': this.composer.showMentionCandidates(message.query, message.candidates); break;
      case 'slashCommands': this.composer.setSlashCommands(message.commands); break;
      case 'restoreDraft': this.composer.restoreDraft(message.text); break;
      case 'queuedMessages': this.queued.show(message.messages); break;
    }
  }

  private noteQuestion(item: ChatItem): void {
    this.showQuestions(this.questions.seen(item) ? item.id : undefined);
  }

  /** While a question waits the pinned panels make room for it; one that arrives is scrolled into view, however far up the user was. */
  private showQuestions(arrived: string | undefined): void {
    document.body.dataset.questionWaiting = String(this.questions.any);
    this.todos.setQuestionWaiting(this.questions.any, arrived !== undefined);
    // After the panels folded and the card rendered.
    if (arrived !== undefined) requestAnimationFrame(() => this.revealQuestion(arrived, false));
  }

  /** Scrolls the question's buttons into view, and with `focus` puts the keyboard on the question itself (never on a choice); false when it is not on screen. */
  private revealQuestion(itemId: string, focus: boolean): boolean {
    this.list.reveal(itemId);
    const region = questionRegion(this.messages, itemId);
    if (region === undefined) return false;
    region.querySelector('.approval-actions, .proposal-actions')?.scrollIntoView({ block: 'nearest' });
    if (focus) region.focus({ preventScroll: true });
    return true;
  }

  /** One panel over the chat at a time. */
  private openMcp(): void {
    this.history.hide();
    this.mcp.open();
  }

  private setRunning(running: boolean): void {
    this.running = running;
    document.body.dataset.running = String(running);
    if (!running) this.list.endStreaming();
    this.composer.setRunning(running);
    this.refresh();
  }

  private refresh(): void {
    this.emptyState.hidden = !this.list.isEmpty || this.welcome.visible;
    this.list.refreshRetryButtons(this.running);
    this.contextBar.setCanCompact(!this.running && !this.list.isEmpty);
    this.actOnPlan.offerOn(this.running ? undefined : this.list.lastReply());
  }
}

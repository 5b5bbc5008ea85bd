import { randomUUID } from 'node:crypto';
import { hookNotice } from '../../core/customize/hookNotice';
import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import { modelSwitchText } from '../../core/agent/modelFallback';
import type { ProviderErrorKind } from '../../core/llm/providerError';
import type { ToolKind } from '../../core/toolContract/toolKind';
import type { Attachment, ChatItem, ChatItemOf } from '../../protocol/chatItems';
import type { ToWebview } from '../../protocol/toWebview';
import { endedSubagent, runsTask, withSubagentEvent, type SubagentEvent } from './subagentCard';
import { updatedCard, type ToolCardUpdate } from './toolCardUpdate';
import { endedElicitation } from './elicitationCard';

/** A tool result longer than this is cut for display; the model still got all of it. */
export const MAX_SHOWN_RESULT_CHARS = 20_000;
export const INTERRUPTED_TOOL_TITLE = 'Interrupted by a window reload';
export const INTERRUPTED_RUN_NOTICE = 'The last request did not finish (VS Code was closed or reloaded). Retry to continue where it stopped.';

/** Errors worth a Retry button even when the loop did not call them retryable; `auth`: the user may fix the key first. */
const userRetryableKinds: ReadonlySet<ProviderErrorKind> = new Set(['stream_broken', 'network', 'server', 'rate_limit', 'overloaded', 'auth']);

type ToolItem = ChatItemOf<'tool'>;
type AssistantItem = ChatItemOf<'assistant'>;
type CompactionItem = ChatItemOf<'compaction'>;

/** The conversation as the user sees it, kept in step with the agent's events; every change comes back as the deltas to post to the webview. */
export class ChatTranscript {
  private list: ChatItem[];
  /** Where this turn's text goes; created on the first delta so a turn of only tool calls leaves no empty bubble. */
  private assistantId: string | undefined;
  /** The assistant items the reply streaming now has shown, to mark if it breaks off. */
  private replyItemIds: string[] = [];
  /** Tool call id → card id for the run under way: some providers reuse call ids across runs, card ids must stay unique. */
  private readonly runCards = new Map<string, string>();
  private waitShown = false;
  /** The marker of a summary being written. */
  private compactionId: string | undefined;

  constructor(items: ChatItem[] = [], private readonly newId: () => string = randomUUID) {
    this.list = [...items];
  }

  get items(): readonly ChatItem[] {
    return this.list;
  }

  /** Another conversation opens: its items, and nothing of the run that was under way. */
  load(items: ChatItem[]): void {
    this.list = [...items];
    this.assistantId = undefined;
    this.replyItemIds = [];
    this.runCards.clear();
    this.waitShown = false;
    this.compactionId = undefined;
  }

  addUser(text: string, attachments: Attachment[]): ToWebview[] {
    this.runCards.clear();
    return this.add({ kind: 'user', id: this.newId(), text, attachments: [...attachments] });
  }

  /** A message the user steered into the run, where it joined; the run's tool cards stay its own. */
  addSteered(text: string, attachments: Attachment[]): ToWebview[] {
    return this.add({ kind: 'user', id: this.newId(), text, attachments: [...attachments] });
  }

  apply(event: AgentEvent): ToWebview[] {
    switch (event.type) {
      case 'turn_start':
        this.assistantId = undefined;
        this.replyItemIds = [];
        return [];
      case 'text_delta':
        return [...this.clearWait(), ...this.appendToAssistant('text', event.text)];
      case 'thinking_delta':
        return [...this.clearWait(), ...this.appendToAssistant('thinking', event.text)];
      case 'tool_call_start':
        return [...this.clearWait(), ...this.startTool(event.id, event.name, event.title, event.kind)];
      case 'tool_call':
        return [...this.clearWait(), ...this.updateTool(event.id, event.name, { arguments: event.arguments, title: event.title, toolKind: event.kind })];
      case 'tool_result':
        return [
          ...this.clearWait(),
          ...this.updateTool(event.id, event.name, {
            status: event.isError ? 'error' : 'done',
            title: event.summary || event.name,
            result: shownResult(event.text),
            ...(event.placement === undefined ? {} : { placement: event.placement }),
            ...(event.refusal === undefined ? {} : { refusal: event.refusal }),
          }),
        ];
      case 'reply_discarded':
        return this.discardReply();
      case 'reply_cut':
        return this.addNotice(event.message);
      case 'retry':
        this.waitShown = true;
        return [{ type: 'retryWait', wait: { reason: event.reason, delayMs: event.delayMs, attempt: event.attempt, maxAttempts: event.maxAttempts } }];
      case 'model_switched':
        // What the next model writes starts below the announcement.
        this.assistantId = undefined;
        return [...this.clearWait(), ...this.addNotice(modelSwitchText(event))];
      case 'done':
        return [...this.clearWait(), ...this.finish(event.outcome)];
      case 'compaction_start':
        return this.startCompaction(event.beforeTokens);
      case 'compaction':
        return this.endCompaction({ kind: 'compaction', id: this.newId(), layer: event.layer, state: 'done', beforeTokens: event.beforeTokens, afterTokens: event.afterTokens, summary: event.summary, shortenedResults: event.shortenedResults, ...(event.newest === true ? { newest: true } : {}), archive: event.archive });
      case 'compaction_failed':
        return this.endCompaction({ kind: 'compaction', id: this.newId(), layer: 2, state: 'failed', beforeTokens: event.beforeTokens, afterTokens: event.afterTokens, shortenedResults: event.shortenedResults, message: event.message });
      case 'todos':
        return [{ type: 'todos', items: [...event.items] }];
      case 'hook': {
        const notice = hookNotice(event);
        return notice === undefined ? [] : this.addNotice(notice);
      }
      case 'subagent':
        return this.applySubagent(event);
      case 'usage':
      case 'context':
      case 'assistant_message':
      case 'steered':
        return [];
    }
  }

  addError(message: string, retryable: boolean): ToWebview[] {
    return this.add({ kind: 'error', id: this.newId(), message, retryable });
  }

  addNotice(text: string): ToWebview[] {
    return this.add({ kind: 'notice', id: this.newId(), text });
  }

  /** An item shown earlier, changed since (an error the user has resolved). */
  updateItem(item: ChatItem): ToWebview[] {
    this.replace(item);
    return [{ type: 'itemUpdated', item }];
  }

  /**
   * For a conversation restored after a reload mid-run: tool cards still `running` become `error`, and a
   * notice says the last run was interrupted and can be retried. Returns whether anything changed.
   */
  markInterrupted(): boolean {
    this.assistantId = undefined;
    this.runCards.clear();
    this.waitShown = false;
    const hadRunningTools = this.endRunningTools(INTERRUPTED_TOOL_TITLE, 'Interrupted: VS Code was reloaded before this tool finished.', 'Not answered before the window reloaded').length > 0;
    this.endRunningCompactions('Interrupted: VS Code was reloaded before the summary was written.');
    // A user message with nothing after it: the reply never came.
    if (!hadRunningTools && this.list.at(-1)?.kind !== 'user') return false;
    this.addError(INTERRUPTED_RUN_NOTICE, true);
    return true;
  }

  /**
   * Shows review and approval news on a tool card. Returns the card's id, which the webview's answer
   * names, with the deltas to post; `undefined` when there is no such card.
   */
  updateCard(update: ToolCardUpdate): { cardId: string; messages: ToWebview[] } | undefined {
    // A subagent's call is found by its task: its id is the child's own and may equal one of the parent's cards.
    const card = 'taskId' in update && update.taskId !== undefined ? this.taskCard(update.taskId) : 'toolCallId' in update ? this.toolCard(update.toolCallId) : this.cardWithId(update.cardId);
    if (card === undefined) return undefined;
    const item = updatedCard(card, update);
    if (item === undefined) return { cardId: card.id, messages: [] };
    this.replace(item);
    return { cardId: item.id, messages: [{ type: 'itemUpdated', item }] };
  }

  /** The id of the latest card still running a call of one of these tools (an MCP server's, whose question shows on it). */
  runningCardOf(toolNames: ReadonlySet<string>): string | undefined {
    return this.list.findLast((item) => item.kind === 'tool' && item.status === 'running' && toolNames.has(item.name))?.id;
  }

  /** A summary is being written: the marker shows it at once, then becomes the result. */
  private startCompaction(beforeTokens: number): ToWebview[] {
    const item: CompactionItem = { kind: 'compaction', id: this.newId(), layer: 2, state: 'running', beforeTokens };
    this.compactionId = item.id;
    return this.add(item);
  }

  private endCompaction(item: CompactionItem): ToWebview[] {
    const running = this.list.findLast((candidate) => candidate.id === this.compactionId);
    this.compactionId = undefined;
    if (running?.kind !== 'compaction' || item.layer !== 2) return this.add(item);
    const ended: CompactionItem = { ...item, id: running.id };
    this.replace(ended);
    this.assistantId = undefined;
    return [{ type: 'itemUpdated', item: ended }];
  }

  private add(item: ChatItem): ToWebview[] {
    this.assistantId = undefined;
    this.list.push(item);
    return [{ type: 'itemAdded', item }];
  }

  private appendToAssistant(field: 'text' | 'thinking', text: string): ToWebview[] {
    if (text === '') return [];
    const messages: ToWebview[] = [];
    let item = this.currentAssistant();
    if (!item) {
      item = { kind: 'assistant', id: this.newId(), text: '', thinking: '' };
      messages.push(...this.add(item));
      this.assistantId = item.id;
      this.replyItemIds.push(item.id);
    }
    this.replace(field === 'text' ? { ...item, text: item.text + text } : { ...item, thinking: item.thinking + text });
    messages.push({ type: field === 'text' ? 'textDelta' : 'thinkingDelta', itemId: item.id, text });
    return messages;
  }

  private startTool(callId: string, name: string, title: string, toolKind: ToolKind): ToWebview[] {
    if (this.toolCard(callId)) return [];
    return this.addToolCard(callId, { name, toolKind, title, status: 'running', arguments: '', result: '' });
  }

  private updateTool(callId: string, name: string, change: Partial<Pick<ToolItem, 'arguments' | 'toolKind' | 'title' | 'status' | 'result' | 'placement'>>): ToWebview[] {
    const card = this.toolCard(callId);
    // A result without its call: every caller's change carries the title.
    if (!card) return this.addToolCard(callId, { name, toolKind: 'unknown', title: name, status: 'running', arguments: '', result: '', ...change });
    const item: ToolItem = { ...card, ...change };
    this.replace(item);
    return [{ type: 'itemUpdated', item }];
  }

  private addToolCard(callId: string, card: Omit<ToolItem, 'kind' | 'id' | 'toolKind'> & { toolKind: ToolKind }): ToWebview[] {
    const id = this.list.some((item) => item.id === callId) ? `${callId}-${this.newId()}` : callId;
    this.runCards.set(callId, id);
    return this.add({ kind: 'tool', id, ...card });
  }

  /** A child's event goes on the card of the `task` call that runs it. */
  private applySubagent(event: SubagentEvent): ToWebview[] {
    const card = this.toolCard(event.callId);
    if (card === undefined) return [];
    const item = withSubagentEvent(card, event);
    this.replace(item);
    return [{ type: 'itemUpdated', item }];
  }

  /** The card of the `task` call whose child, or a child of it, is `taskId`. */
  private taskCard(taskId: string): ToolItem | undefined {
    return this.list.findLast((item): item is ToolItem => item.kind === 'tool' && runsTask(item.subagent, taskId));
  }

  private toolCard(callId: string): ToolItem | undefined {
    const id = this.runCards.get(callId);
    return id === undefined ? undefined : this.cardWithId(id);
  }

  private cardWithId(id: string): ToolItem | undefined {
    const item = this.list.findLast((candidate) => candidate.id === id);
    return item?.kind === 'tool' ? item : undefined;
  }

  private currentAssistant(): AssistantItem | undefined {
    if (this.assistantId === undefined) return undefined;
    const item = this.list.findLast((candidate) => candidate.id === this.assistantId);
    return item?.kind === 'assistant' ? item : undefined;
  }

  /** The reply streaming broke off and is asked for again: what it showed stays, marked interrupted, and the next attempt gets items of its own. */
  private discardReply(): ToWebview[] {
    const messages = this.endRunningTools('Not run: the reply broke off', 'The reply broke off before this call was complete; the request was sent again.');
    for (const id of this.replyItemIds) {
      const reply = this.list.findLast((candidate) => candidate.id === id);
      if (reply?.kind !== 'assistant') continue;
      const item: AssistantItem = { ...reply, interrupted: true };
      this.replace(item);
      messages.push({ type: 'itemUpdated', item });
    }
    this.replyItemIds = [];
    this.runCards.clear();
    this.assistantId = undefined;
    return messages;
  }

  private finish(outcome: RunOutcome): ToWebview[] {
    // Calls the run never got to (a reply cut short, or stopped before they ran) have no result event.
    const messages = outcome.reason === 'cancelled'
      ? this.endRunningTools('Not run: stopped', 'Stopped before this tool ran.', undefined, 'cancelled')
      : this.endRunningTools('Not run', 'The run ended before this tool ran.');
    messages.push(...this.endRunningCompactions('The run ended before the summary was written.'));
    this.runCards.clear();
    this.assistantId = undefined;
    this.replyItemIds = [];
    switch (outcome.reason) {
      case 'completed':
        return messages;
      case 'error':
        return [...messages, ...this.addError(outcome.message, outcome.retryable || userRetryableKinds.has(outcome.kind))];
      case 'cancelled':
        return [...messages, ...this.addNotice('Stopped.')];
      case 'max_turns':
      case 'stopped':
        return [...messages, ...this.addNotice(outcome.message)];
    }
  }

  /** Ends the cards of tools left running; a question one of them asked (`unanswered` says why) no longer waits, and its buttons go. */
  private endRunningTools(title: string, result: string, unanswered = 'Not answered before the run ended', childStatus: 'failed' | 'cancelled' = 'failed'): ToWebview[] {
    const running = this.list.filter((item): item is ToolItem => item.kind === 'tool' && item.status === 'running');
    return running.map((card) => {
      const item: ToolItem = { ...card, status: 'error', title, result };
      if (card.subagent !== undefined) item.subagent = endedSubagent(card.subagent, childStatus);
      if (card.approval?.state === 'pending') item.approval = { ...card.approval, state: 'denied', reason: unanswered };
      if (card.proposal?.state === 'pending') item.proposal = { ...card.proposal, state: 'rejected', feedback: unanswered };
      if (card.elicitation !== undefined) item.elicitation = endedElicitation(card.elicitation);
      this.replace(item);
      return { type: 'itemUpdated', item };
    });
  }

  private endRunningCompactions(message: string): ToWebview[] {
    this.compactionId = undefined;
    const running = this.list.filter((item): item is CompactionItem => item.kind === 'compaction' && item.state === 'running');
    return running.map((marker) => {
      const item: CompactionItem = { ...marker, state: 'failed', message };
      this.replace(item);
      return { type: 'itemUpdated', item };
    });
  }

  private clearWait(): ToWebview[] {
    if (!this.waitShown) return [];
    this.waitShown = false;
    return [{ type: 'retryWait', wait: null }];
  }

  /** Items are replaced, never changed in place: one already posted stays as it was sent. */
  private replace(item: ChatItem): void {
    const index = this.list.findLastIndex((candidate) => candidate.id === item.id);
    if (index >= 0) this.list[index] = item;
  }
}

function shownResult(text: string): string {
  if (text.length <= MAX_SHOWN_RESULT_CHARS) return text;
  const cut = text.length - MAX_SHOWN_RESULT_CHARS;
  return `${text.slice(0, MAX_SHOWN_RESULT_CHARS)}\n\n[${cut.toLocaleString('en-US')} more characters not shown]`;
}

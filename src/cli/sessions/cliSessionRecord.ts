import { randomUUID } from 'node:crypto';
import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import type { AgentSession } from '../../core/agent/agentSession';
import type { Message } from '../../core/llm/messages';
import { conversationTitle, type ConversationStore, type StoredConversation } from '../../node/conversations/conversationStore';
import type { SavedChatItem } from '../../node/conversations/savedChatItemSchema';
import { savedItemsOfMessages, type ToolCardDetails } from '../../node/conversations/savedItemsOfMessages';
import type { EventRenderer } from '../repl';

type SavedToolItem = Extract<SavedChatItem, { kind: 'tool' }>;

/**
 * The terminal's conversation as saved for later runs and for VS Code's History: saved at the
 * start of each model turn and at the end of each run, so a crash loses at most the turn under way.
 * A conversation loaded from the store keeps its items, review and other fields: new items are appended.
 */
export class CliSessionRecord {
  /** The messages already made into items, by identity: compaction replaces the array's contents, not the items. */
  private readonly itemised = new WeakSet<Message>();
  private readonly openCards = new Map<string, SavedToolItem>();
  private readonly cards = new Map<string, ToolCardDetails>();
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly store: ConversationStore,
    private readonly conversation: StoredConversation,
    private readonly session: AgentSession,
    private readonly log: (message: string) => void,
    readonly resumed: boolean,
  ) {
    for (const message of session.messages) this.itemised.add(message);
  }

  /** `stored`: the conversation carried on; its history must already be the session's. */
  static open(store: ConversationStore, session: AgentSession, stored: StoredConversation | undefined, log: (message: string) => void): CliSessionRecord {
    const now = Date.now();
    const conversation = stored ?? { id: randomUUID(), title: 'New chat', createdAt: now, updatedAt: now, messages: [], items: [], usage: session.usage };
    return new CliSessionRecord(store, conversation, session, log, stored !== undefined);
  }

  get id(): string {
    return this.conversation.id;
  }

  /** Passes every event on to `renderer`, saving as the run goes. */
  recording(renderer: EventRenderer): EventRenderer {
    return { handle: (event) => {
      this.observe(event);
      renderer.handle(event);
    } };
  }

  /** Waits for the saves under way; a failed save was logged. */
  flushed(): Promise<void> {
    return this.saving;
  }

  private observe(event: AgentEvent): void {
    switch (event.type) {
      case 'tool_call':
        this.cards.set(event.id, { title: event.title, toolKind: event.kind });
        return;
      case 'tool_result':
        this.cards.set(event.id, { ...this.cards.get(event.id), title: event.summary, ...(event.placement === undefined ? {} : { placement: event.placement }) });
        return;
      case 'context':
        this.conversation.context = { usedTokens: event.usedTokens, windowTokens: event.windowTokens };
        return;
      case 'compaction_start':
        this.itemise();
        return;
      case 'compaction':
        this.compacted(event);
        return;
      case 'turn_start':
        this.save();
        return;
      case 'done':
        this.itemise();
        this.noteEnding(event.outcome);
        this.save();
        return;
      default:
    }
  }

  private compacted(event: Extract<AgentEvent, { type: 'compaction' }>): void {
    if (event.layer === 2) {
      this.itemise();
      // What is left is the summary and copies of messages already shown.
      for (const message of this.session.messages) this.itemised.add(message);
    }
    this.conversation.items.push({
      kind: 'compaction',
      id: randomUUID(),
      layer: event.layer,
      state: 'done',
      beforeTokens: event.beforeTokens,
      afterTokens: event.afterTokens,
      ...(event.summary === undefined ? {} : { summary: event.summary }),
      ...(event.shortenedResults === undefined ? {} : { shortenedResults: event.shortenedResults }),
      ...(event.newest === undefined ? {} : { newest: event.newest }),
      ...(event.archive === undefined ? {} : { archive: event.archive }),
    });
  }

  /** A run that failed or was stopped says so in the History, as VS Code's own runs do. */
  private noteEnding(outcome: RunOutcome): void {
    if (outcome.reason === 'error') this.conversation.items.push({ kind: 'error', id: randomUUID(), message: outcome.message, retryable: outcome.retryable });
    else if (outcome.reason === 'max_turns' || outcome.reason === 'stopped') this.conversation.items.push({ kind: 'notice', id: randomUUID(), text: outcome.message });
  }

  private itemise(): void {
    const fresh = this.session.messages.filter((message) => !this.itemised.has(message));
    for (const message of fresh) this.itemised.add(message);
    this.conversation.items.push(...savedItemsOfMessages(fresh, { openCards: this.openCards, cards: this.cards }));
  }

  private save(): void {
    this.itemise();
    const { session, conversation } = this;
    if (session.messages.length === 0) return;
    if (conversation.title === 'New chat') {
      const firstUser = conversation.items.find((item) => item.kind === 'user');
      if (firstUser?.kind === 'user') conversation.title = conversationTitle(firstUser.text);
    }
    conversation.messages = session.messages;
    conversation.usage = session.usageTotals.usage;
    conversation.cost = session.usageTotals.cost;
    conversation.model = { provider: session.setup.settings.provider, model: session.setup.settings.model };
    conversation.mode = session.mode;
    conversation.agent = session.agent;
    conversation.updatedAt = Date.now();
    // The store takes the JSON now and writes in call order; later changes wait for the next save.
    const written = this.store.save(conversation).catch((error: unknown) => this.log(`could not save the session: ${error instanceof Error ? error.message : String(error)}`));
    this.saving = this.saving.then(() => written);
  }
}

import { randomUUID } from 'node:crypto';
import { AgentRun } from '../../core/agent/agentRun';
import type { AgentSession } from '../../core/agent/agentSession';
import { conversationState } from '../../core/agent/conversationState';
import { emptyUsage } from '../../core/llm/messages';
import { CommandSession } from '../../core/tools/builtin/commands/commandSession';
import type { ContextGauge } from '../../protocol/chatItems';
import { contextGaugeOf } from './contextGaugeOf';
import type { StoredConversation } from './conversationStore';

/**
 * The open conversation's run: the agent's state and requests (`AgentRun`), and what the chat
 * keeps of the conversation beside them: its id and title, the model that last answered, the
 * context gauge and the commands it started, which outlive a session made anew for other settings.
 */
export class ChatRun extends AgentRun<AgentSession> {
  /** The conversation as it was opened; its items and review are for the subscribers that show it. */
  private stored: StoredConversation;
  /** The meter's reading at the last request. */
  context: ContextGauge | undefined;
  model: StoredConversation['model'];
  title: string;
  /** The conversation's commands and background processes. */
  commands = new CommandSession();

  constructor(makeSession: (run: ChatRun) => Promise<AgentSession | undefined>, stored: StoredConversation = newConversation()) {
    super({ makeSession: () => makeSession(this), conversation: conversationState(stored) });
    this.stored = stored;
    this.title = stored.title;
    this.model = stored.model;
    this.context = stored.context;
    this.subscribe((change) => {
      if (change.type === 'event' && change.event.type === 'context') this.context = contextGaugeOf(change.event, this.session?.limits);
    });
  }

  get id(): string {
    return this.stored.id;
  }

  /** The opened conversation's chat items and review, as saved. */
  get opened(): Pick<StoredConversation, 'items' | 'review'> {
    return this.stored;
  }

  /** What is saved of the conversation besides its items and review. */
  get saved(): Omit<StoredConversation, 'items' | 'review' | 'updatedAt'> {
    const { messages, totals, mode, agent } = this.conversation;
    const { id, createdAt } = this.stored;
    return { id, title: this.title, createdAt, messages, usage: totals.usage, cost: totals.cost, mode, ...(agent === undefined ? {} : { agent }), model: this.model, ...(this.context === undefined ? {} : { context: this.context }) };
  }

  /** The open conversation goes on under another id (a copy of it), everything else as it is. */
  renameTo(id: string, title: string): void {
    this.stored = { ...this.stored, id };
    this.title = title;
  }

  /** Another conversation takes this one's place; its commands are stopped, and nothing of it carries over. */
  async openStored(stored: StoredConversation): Promise<void> {
    await this.stop();
    this.stored = stored;
    this.title = stored.title;
    this.model = stored.model;
    this.context = stored.context;
    void this.commands.stopAll();
    this.commands = new CommandSession();
    await this.open(conversationState(stored));
  }
}

export function newConversation(): StoredConversation {
  const now = Date.now();
  return { id: randomUUID(), title: 'New chat', createdAt: now, updatedAt: now, messages: [], items: [], usage: emptyUsage() };
}

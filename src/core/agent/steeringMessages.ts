import type { Message, UserMessage } from '../llm/messages';
import type { AgentEventSink } from './agentEvents';

/**
 * Messages the user sent while a run was going on, waiting for the next turn boundary: the top
 * of a turn, where the history ends with a user message or with a complete tool results message,
 * never between an assistant's tool calls and their results.
 */
export class SteeringMessages {
  private waiting: Array<UserMessage['content']> = [];

  add(content: UserMessage['content']): void {
    this.waiting.push(content);
  }

  get size(): number {
    return this.waiting.length;
  }

  /** Hands back what never reached the model (the run was cancelled or failed first), emptying the queue. */
  takeAll(): Array<UserMessage['content']> {
    const taken = this.waiting;
    this.waiting = [];
    return taken;
  }

  /** Appends every waiting message to the history, one user message each, and tells the host where they landed. */
  deliver(messages: Message[], emit: AgentEventSink): void {
    for (const content of this.takeAll()) {
      messages.push({ role: 'user', content });
      emit({ type: 'steered', content });
    }
  }
}

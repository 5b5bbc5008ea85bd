import { randomUUID } from 'node:crypto';
import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import type { AgentRun } from '../../core/agent/agentRun';
import type { Attachment } from '../../protocol/chatItems';
import type { ToWebview } from '../../protocol/toWebview';
import { messageWithAttachments } from './attachmentContext';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

export interface QueuedMessage {
  id: string;
  text: string;
  attachments: Attachment[];
}

export interface MessageQueueDependencies {
  post(message: ToWebview): void;
  /** The chips above the input go with the message being queued or steered. */
  takeAttachments(): Attachment[];
  readAttachment(attachment: Attachment): Promise<string | undefined>;
  /** The run the messages wait for and are steered into; the queue follows its events and its ends. */
  run: Pick<AgentRun, 'isRunning' | 'steer' | 'takeUndeliveredSteering' | 'subscribe'>;
  /** Shows a steered message in the transcript where it joined the conversation. */
  showSteered(text: string, attachments: Attachment[]): void;
  notice(text: string): void;
  send(text: string, attachments: Attachment[]): Promise<void>;
}

export const STEER_TOO_LATE_NOTICE = 'Your message arrived as the run ended, before the model could read it: it is back in the queue, unsent.';

/**
 * Messages typed while a run goes on. Queued ones wait above the input and go out one by one
 * after a run that completed; after a cancel or an error they stay, for the user to send or drop.
 * Steered ones ("Send now", Ctrl/Cmd+Enter) join the running conversation at its next turn.
 */
export class MessageQueue {
  private queued: QueuedMessage[] = [];
  /** Steered messages not yet in the conversation, in the order the session delivers them. */
  private steering: QueuedMessage[] = [];
  private lastOutcome: RunOutcome | undefined;

  readonly messageHandlers: WebviewMessageHandlersFor<'steer' | 'editQueued' | 'removeQueued' | 'steerQueued'> = {
    steer: (message) => this.steer({ id: randomUUID(), text: message.text, attachments: this.deps.takeAttachments() }),
    editQueued: (message) => this.change((list) => list.map((item) => (item.id === message.id ? { ...item, text: message.text } : item))),
    removeQueued: (message) => this.change((list) => list.filter((item) => item.id !== message.id)),
    steerQueued: async (message) => {
      const item = this.queued.find((queued) => queued.id === message.id);
      if (item === undefined) return;
      this.change((list) => list.filter((queued) => queued !== item));
      await this.steer(item);
    },
  };

  constructor(private readonly deps: MessageQueueDependencies) {
    deps.run.subscribe((change) => {
      if (change.type === 'event') this.apply(change.event);
      if (change.type === 'running' && !change.running) void this.runEnded();
    });
  }

  /** Enter while a run goes on. */
  add(text: string): void {
    this.change((list) => [...list, { id: randomUUID(), text, attachments: this.deps.takeAttachments() }]);
  }

  private apply(event: AgentEvent): void {
    if (event.type === 'done') this.lastOutcome = event.outcome;
    if (event.type !== 'steered') return;
    const landed = this.steering.shift();
    if (landed === undefined) return;
    this.deps.showSteered(landed.text, landed.attachments);
    this.postState();
  }

  /** After each run: steering that never landed goes back to the queue; after a completed run the first queued message goes out. */
  private async runEnded(): Promise<void> {
    this.deps.run.takeUndeliveredSteering();
    const unsent = this.steering;
    this.steering = [];
    if (unsent.length > 0) {
      this.change((list) => [...unsent, ...list]);
      this.deps.notice(STEER_TOO_LATE_NOTICE);
    }
    const completed = this.lastOutcome?.reason === 'completed';
    this.lastOutcome = undefined;
    const next = this.queued[0];
    if (!completed || next === undefined || unsent.length > 0) return;
    this.change((list) => list.slice(1));
    await this.deps.send(next.text, next.attachments);
  }

  /** The steered messages still waiting for the run's next step, then the queue. */
  postState(): void {
    const steering = this.steering.map((item) => ({ ...item, state: 'steering' as const }));
    this.deps.post({ type: 'queuedMessages', messages: [...steering, ...this.queued] });
  }

  private async steer(item: QueuedMessage): Promise<void> {
    if (!this.deps.run.isRunning) return this.deps.send(item.text, item.attachments);
    const attached = await Promise.all(item.attachments.map(async (attachment) => ({ attachment, text: await this.deps.readAttachment(attachment) })));
    if (this.deps.run.steer(messageWithAttachments(item.text, attached))) {
      this.steering.push(item);
      this.postState();
      return;
    }
    // The run is starting or ending, with no turn left to join: the message waits in the queue like one typed with Enter.
    this.change((list) => [item, ...list]);
  }

  private change(update: (list: QueuedMessage[]) => QueuedMessage[]): void {
    this.queued = update(this.queued);
    this.postState();
  }
}

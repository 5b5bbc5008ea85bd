import assert from 'node:assert/strict';
import type { RunChange, RunListener } from '../../../../src/core/agent/agentRun';
import type { UserMessage } from '../../../../src/core/llm/messages';
import type { Attachment } from '../../../../src/protocol/chatItems';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { MessageQueue, STEER_TOO_LATE_NOTICE } from '../../../../src/vscode/chat/messageQueue';

/** A run that takes steering while running, hands back what it never delivered, and tells its subscribers what the test says. */
class FakeRun {
  isRunning = true;
  steered: string[] = [];
  undelivered: Array<UserMessage['content']> = [];
  private readonly listeners: RunListener[] = [];
  steer(content: string): boolean {
    if (this.isRunning) this.steered.push(content);
    return this.isRunning;
  }
  takeUndeliveredSteering(): Array<UserMessage['content']> {
    return this.undelivered.splice(0);
  }
  subscribe(listener: RunListener): () => boolean {
    this.listeners.push(listener);
    return () => true;
  }
  tell(change: RunChange): void {
    for (const listener of this.listeners) void listener(change);
  }
}

describe('MessageQueue', () => {
  let run: FakeRun;
  let pending: Attachment[];
  let posted: ToWebview[];
  let shown: string[];
  let notices: string[];
  let sent: Array<{ text: string; attachments: Attachment[] }>;
  let queue: MessageQueue;

  beforeEach(() => {
    run = new FakeRun();
    pending = [{ id: 'a1', kind: 'file', path: 'src/app.ts' }];
    posted = [];
    shown = [];
    notices = [];
    sent = [];
    queue = new MessageQueue({
      post: (message) => posted.push(message),
      takeAttachments: () => pending.splice(0),
      readAttachment: () => Promise.resolve('export const app = 1;'),
      run,
      showSteered: (text) => shown.push(text),
      notice: (text) => notices.push(text),
      send: (text, attachments) => {
        sent.push({ text, attachments });
        return Promise.resolve();
      },
    });
  });

  const shownQueue = (): string[] => {
    const last = posted.filter((message) => message.type === 'queuedMessages').at(-1);
    return last?.type === 'queuedMessages' ? last.messages.map((message) => message.text) : [];
  };
  /** The messages above the input as `state: text`. */
  const shownStates = (): string[] => {
    const last = posted.filter((message) => message.type === 'queuedMessages').at(-1);
    return last?.type === 'queuedMessages' ? last.messages.map((message) => `${message.state ?? 'queued'}: ${message.text}`) : [];
  };
  const end = async (reason: 'completed' | 'cancelled'): Promise<void> => {
    run.tell({ type: 'event', event: { type: 'done', outcome: reason === 'completed' ? { reason, text: '' } : { reason, message: 'Cancelled.' } } });
    run.isRunning = false;
    run.tell({ type: 'running', running: false });
    await new Promise((resolve) => setImmediate(resolve));
  };

  it('queues with the attachments, and sends one queued message after a completed run', async () => {
    queue.add('first');
    queue.add('second');
    assert.deepEqual(shownQueue(), ['first', 'second']);
    await end('completed');
    assert.deepEqual(sent, [{ text: 'first', attachments: [{ id: 'a1', kind: 'file', path: 'src/app.ts' }] }]);
    assert.deepEqual(shownQueue(), ['second']);
  });

  it('keeps the queue, unsent, after a cancelled run', async () => {
    queue.add('later');
    await end('cancelled');
    assert.deepEqual(sent, []);
    assert.deepEqual(shownQueue(), ['later']);
  });

  it('steers a queued message with its attachments, and shows it when it lands', async () => {
    queue.add('use the app');
    const id = posted.at(-1)?.type === 'queuedMessages' ? (posted.at(-1) as Extract<ToWebview, { type: 'queuedMessages' }>).messages[0]?.id ?? '' : '';
    await queue.messageHandlers.steerQueued({ type: 'steerQueued', id });
    assert.deepEqual(shownStates(), ['steering: use the app'], 'it stays in view, waiting for the next step');
    assert.match(run.steered[0] ?? '', /^use the app\n\n[\s\S]*export const app = 1;/);
    run.tell({ type: 'event', event: { type: 'steered', content: [{ type: 'text', text: run.steered[0] ?? '' }] } });
    assert.deepEqual(shown, ['use the app']);
    assert.deepEqual(shownStates(), [], 'once the model takes it, it is in the conversation instead');
    await end('completed');
    assert.deepEqual(sent, [], 'a steered message is not sent again');
  });

  it('puts a steered message the run ended without back in the queue, with a notice, and sends nothing', async () => {
    queue.add('queued before');
    await queue.messageHandlers.steer({ type: 'steer', text: 'too late' });
    assert.deepEqual(shownStates(), ['steering: too late', 'queued: queued before'], 'Ctrl+Enter shows the message waiting for the next step, above the queue');
    run.undelivered = [[{ type: 'text', text: 'too late' }]];
    await end('completed');
    assert.deepEqual(shownStates(), ['queued: too late', 'queued: queued before']);
    assert.deepEqual(notices, [STEER_TOO_LATE_NOTICE]);
    assert.deepEqual(sent, []);
  });

  it('sends a steered message at once when nothing runs', async () => {
    run.isRunning = false;
    await queue.messageHandlers.steer({ type: 'steer', text: 'hello' });
    assert.deepEqual(sent.map((message) => message.text), ['hello']);
  });
});

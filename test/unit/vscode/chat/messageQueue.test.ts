import assert from 'node:assert/strict';
import type { AgentSession } from '../../../../src/core/agent/agentSession';
import type { Attachment } from '../../../../src/protocol/chatItems';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { MessageQueue, STEER_TOO_LATE_NOTICE } from '../../../../src/vscode/chat/messageQueue';

/** A session that takes steering while `running`, and hands back what it never delivered. */
class FakeSession {
  running = true;
  steered: string[] = [];
  undelivered: string[] = [];
  steer(content: string): boolean {
    if (this.running) this.steered.push(content);
    return this.running;
  }
  takeUndeliveredSteering(): unknown[] {
    return this.undelivered.splice(0);
  }
}

describe('MessageQueue', () => {
  let session: FakeSession;
  let running: boolean;
  let pending: Attachment[];
  let posted: ToWebview[];
  let shown: string[];
  let notices: string[];
  let sent: Array<{ text: string; attachments: Attachment[] }>;
  let queue: MessageQueue;

  beforeEach(() => {
    session = new FakeSession();
    running = true;
    pending = [{ id: 'a1', kind: 'file', path: 'src/app.ts' }];
    posted = [];
    shown = [];
    notices = [];
    sent = [];
    queue = new MessageQueue({
      post: (message) => posted.push(message),
      takeAttachments: () => pending.splice(0),
      readAttachment: () => Promise.resolve('export const app = 1;'),
      session: () => session as unknown as AgentSession,
      isRunning: () => running,
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
    queue.apply({ type: 'done', outcome: reason === 'completed' ? { reason, text: '' } : { reason, message: 'Cancelled.' } });
    running = false;
    session.running = false;
    await queue.runEnded();
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
    assert.match(session.steered[0] ?? '', /^use the app\n\n[\s\S]*export const app = 1;/);
    queue.apply({ type: 'steered', content: [{ type: 'text', text: session.steered[0] ?? '' }] });
    assert.deepEqual(shown, ['use the app']);
    assert.deepEqual(shownStates(), [], 'once the model takes it, it is in the conversation instead');
    await end('completed');
    assert.deepEqual(sent, [], 'a steered message is not sent again');
  });

  it('puts a steered message the run ended without back in the queue, with a notice, and sends nothing', async () => {
    queue.add('queued before');
    await queue.messageHandlers.steer({ type: 'steer', text: 'too late' });
    assert.deepEqual(shownStates(), ['steering: too late', 'queued: queued before'], 'Ctrl+Enter shows the message waiting for the next step, above the queue');
    session.undelivered = ['too late'];
    await end('completed');
    assert.deepEqual(shownStates(), ['queued: too late', 'queued: queued before']);
    assert.deepEqual(notices, [STEER_TOO_LATE_NOTICE]);
    assert.deepEqual(sent, []);
  });

  it('sends a steered message at once when nothing runs', async () => {
    running = false;
    await queue.messageHandlers.steer({ type: 'steer', text: 'hello' });
    assert.deepEqual(sent.map((message) => message.text), ['hello']);
  });
});

import { strict as assert } from 'node:assert';
import type { AgentEventSink, RunOutcome } from '../../../../src/core/agent/agentEvents';
import { AgentRun, type RunChange, type RunSession } from '../../../../src/core/agent/agentRun';
import { conversationState, type ConversationState } from '../../../../src/core/agent/conversationState';
import { userText, type UserMessage } from '../../../../src/core/llm/messages';

/** A session that answers each message with its text, once the test lets it (`answer`), or ends cancelled when aborted. */
class FakeSession implements RunSession {
  readonly sent: string[] = [];
  retries = 0;
  private release: (() => void) | undefined;

  constructor(private readonly conversation: ConversationState, private readonly name: string) {}

  send(content: string | UserMessage['content'], emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome> {
    const text = typeof content === 'string' ? content : '';
    this.sent.push(text);
    this.conversation.messages.push(userText(text));
    return this.answer(`${this.name}: ${text}`, emit, signal);
  }

  retry(emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome> {
    this.retries++;
    return this.answer(`${this.name} again`, emit, signal);
  }

  compact(emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome> {
    return this.answer('compacted', emit, signal);
  }

  steer(): boolean {
    return true;
  }

  takeUndeliveredSteering(): Array<UserMessage['content']> {
    return [];
  }

  /** Lets the request waiting now answer. */
  finish(): void {
    this.release?.();
  }

  private async answer(text: string, emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome> {
    emit({ type: 'turn_start', turn: 1 });
    await new Promise<void>((resolve) => {
      this.release = resolve;
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const outcome: RunOutcome = signal.aborted ? { reason: 'cancelled', message: 'Cancelled.' } : { reason: 'completed', text };
    if (outcome.reason === 'completed') emit({ type: 'text_delta', text });
    emit({ type: 'done', outcome });
    return outcome;
  }
}

function recording(run: AgentRun): string[] {
  const seen: string[] = [];
  run.subscribe((change: RunChange) => {
    if (change.type === 'event') seen.push(change.event.type === 'text_delta' ? `text ${change.event.text}` : change.event.type);
    else if (change.type === 'running') seen.push(change.running ? 'started' : 'ended');
    else if (change.type === 'failed') seen.push(`failed ${change.message}`);
    else seen.push(change.type);
  });
  return seen;
}

/** A run whose sessions are fakes, made on demand; `sessions` lists the ones made. */
function fakeRun(name: string, conversation?: ConversationState): { run: AgentRun<FakeSession>; sessions: FakeSession[] } {
  const sessions: FakeSession[] = [];
  const run = new AgentRun<FakeSession>({
    conversation,
    makeSession: (state) => {
      const session = new FakeSession(state, name);
      sessions.push(session);
      return Promise.resolve(session);
    },
  });
  return { run, sessions };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('AgentRun', () => {
  it('tells its subscribers of the start, each event and the end, and is running only in between', async () => {
    const { run, sessions } = fakeRun('one');
    const seen = recording(run);
    const sent = run.send('hello');
    await tick();
    assert.equal(run.isRunning, true);
    sessions[0]?.finish();
    await sent;
    assert.equal(run.isRunning, false);
    assert.deepEqual(seen, ['started', 'turn_start', 'text one: hello', 'done', 'ended']);
    assert.deepEqual(run.conversation.messages, [userText('hello')], 'the session works on the run\'s conversation');
  });

  it('makes its session once, and a new one after the settings changed once the request has ended', async () => {
    const { run, sessions } = fakeRun('one');
    const first = run.send('a');
    await tick();
    run.outdate();
    assert.equal(run.session, sessions[0], 'a running request keeps its session');
    sessions[0]?.finish();
    await first;
    assert.equal(run.session, undefined);
    const second = run.send('b');
    await tick();
    sessions[1]?.finish();
    await second;
    assert.equal(sessions.length, 2);
    assert.deepEqual(sessions.map((session) => session.sent), [['a'], ['b']]);
  });

  it('stop cancels the running request and resolves once it has ended', async () => {
    const { run } = fakeRun('one');
    const seen = recording(run);
    void run.send('long task');
    await tick();
    await run.stop();
    assert.equal(run.isRunning, false);
    assert.deepEqual(seen, ['started', 'turn_start', 'done', 'ended']);
  });

  it('starts nothing while a request runs', async () => {
    const { run, sessions } = fakeRun('one');
    const first = run.send('a');
    await tick();
    await run.send('b');
    sessions[0]?.finish();
    await first;
    assert.deepEqual(sessions[0]?.sent, ['a']);
  });

  it('holds two runs at once, each with its own state, session and subscribers', async () => {
    const parent = fakeRun('parent');
    const child = fakeRun('child');
    const parentSeen = recording(parent.run);
    const childSeen = recording(child.run);
    const parentSent = parent.run.send('plan the work');
    const childSent = child.run.send('read the logs');
    await tick();
    assert.equal(parent.run.isRunning, true);
    assert.equal(child.run.isRunning, true);
    child.sessions[0]?.finish();
    await childSent;
    assert.equal(parent.run.isRunning, true, 'the child\'s end leaves the parent running');
    await parent.run.stop();
    await parentSent;
    assert.deepEqual(childSeen, ['started', 'turn_start', 'text child: read the logs', 'done', 'ended']);
    assert.deepEqual(parentSeen, ['started', 'turn_start', 'done', 'ended']);
    assert.deepEqual(parent.run.conversation.messages, [userText('plan the work')]);
    assert.deepEqual(child.run.conversation.messages, [userText('read the logs')]);
  });

  it('reports a session that cannot be made as a failed start, ends the request, and tries again next time', async () => {
    let attempts = 0;
    const run = new AgentRun({ makeSession: () => Promise.reject(new Error(`No model (attempt ${++attempts}).`)) });
    const seen = recording(run);
    await run.send('hello');
    await run.retry();
    assert.equal(run.isRunning, false);
    assert.deepEqual(seen, ['started', 'failed No model (attempt 1).', 'ended', 'started', 'failed No model (attempt 2).', 'ended']);
  });

  it('without a session (no key yet) keeps the message in the history once, for a retry to send', async () => {
    const sessions: FakeSession[] = [];
    let hasKey = false;
    const run = new AgentRun<FakeSession>({
      makeSession: (state) => {
        if (!hasKey) return Promise.resolve(undefined);
        const session = new FakeSession(state, 'keyed');
        sessions.push(session);
        return Promise.resolve(session);
      },
    });
    await run.send('hello');
    assert.deepEqual(run.conversation.messages, [userText('hello')]);
    hasKey = true;
    const retried = run.retry();
    await tick();
    sessions[0]?.finish();
    await retried;
    assert.equal(sessions[0]?.retries, 1);
    assert.deepEqual(run.conversation.messages, [userText('hello')], 'the message is in the history once');
  });

  it('in plan mode, a message kept without a session carries plan mode\'s note like one sent', async () => {
    const run = new AgentRun({ conversation: conversationState({ mode: 'plan' }), makeSession: () => Promise.resolve(undefined) });
    await run.send('look around');
    const [message] = run.conversation.messages;
    assert.equal(run.conversation.messages.length, 1);
    assert.match(JSON.stringify(message), /look around.*Plan mode is on/);
  });

  it('opening another conversation stops the request, drops the session and says so', async () => {
    const { run, sessions } = fakeRun('one');
    const seen = recording(run);
    void run.send('a');
    await tick();
    const other = conversationState({ messages: [userText('earlier')] });
    await run.open(other);
    assert.equal(run.conversation, other);
    assert.equal(run.session, undefined);
    assert.deepEqual(seen.slice(-2), ['ended', 'switched']);
    const next = run.send('b');
    await tick();
    sessions[1]?.finish();
    await next;
    assert.deepEqual(other.messages, [userText('earlier'), userText('b')]);
  });

  it('waits for its subscribers at the end of a request (a save), and stops telling one that unsubscribed', async () => {
    const { run, sessions } = fakeRun('one');
    let saved = false;
    const unsubscribe = run.subscribe((change) => (change.type === 'running' && !change.running ? tick().then(() => { saved = true; }) : undefined));
    const sent = run.send('a');
    await tick();
    sessions[0]?.finish();
    await sent;
    assert.equal(saved, true);
    unsubscribe();
    saved = false;
    const again = run.send('b');
    await tick();
    sessions[0]?.finish();
    await again;
    assert.equal(saved, false);
  });
});

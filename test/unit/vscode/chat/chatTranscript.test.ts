import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { Approval, ChatItem } from '../../../../src/protocol/chatItems';
import { toWebviewSchema, type ToWebview } from '../../../../src/protocol/toWebview';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ChatTranscript, INTERRUPTED_RUN_NOTICE, INTERRUPTED_TOOL_TITLE, MAX_SHOWN_RESULT_CHARS } from '../../../../src/vscode/chat/chatTranscript';

const readArgs = '{"path":"src/app.ts"}';
const searchArgs = '{"pattern":"TODO","path":"src/"}';
const assistantMessage: AgentEvent = { type: 'assistant_message', message: { role: 'assistant', content: [], stopReason: 'end_turn', provider: 'p', model: 'm' } };
const usage: AgentEvent = { type: 'usage', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, cost: null };

const registry = new ToolRegistry();
for (const tool of builtinTools()) registry.register(tool);

/** The model began a call: the event the loop sends, described by the built-in tool. */
function started(id: string, name: string): AgentEvent {
  const { title, kind } = registry.describe(name, '');
  return { type: 'tool_call_start', id, name, title, kind };
}

/** A call about to run, described by the built-in tool. */
function called(id: string, name: string, argumentsJson: string): AgentEvent {
  return { type: 'tool_call', id, name, arguments: argumentsJson, ...registry.describe(name, argumentsJson) };
}

function counter(): () => string {
  let next = 0;
  return () => `id${++next}`;
}

describe('ChatTranscript', () => {
  let transcript: ChatTranscript;

  beforeEach(() => {
    transcript = new ChatTranscript([], counter());
  });

  /** Applies the events and returns every message to post, each checked against the webview contract. */
  function play(...events: AgentEvent[]): ToWebview[] {
    const posted = events.flatMap((event) => transcript.apply(event));
    for (const message of posted) toWebviewSchema.parse(message);
    return posted;
  }

  it('streams a text-only answer into one assistant item', () => {
    assert.deepEqual(transcript.addUser('hi', [{ id: 'a1', kind: 'file', path: 'src/app.ts' }]), [
      { type: 'itemAdded', item: { kind: 'user', id: 'id1', text: 'hi', attachments: [{ id: 'a1', kind: 'file', path: 'src/app.ts' }] } },
    ]);
    const posted = play(
      { type: 'turn_start', turn: 1 },
      { type: 'text_delta', text: 'Hello' },
      { type: 'text_delta', text: ', there.' },
      usage,
      assistantMessage,
      { type: 'done', outcome: { reason: 'completed', text: 'Hello, there.' } },
    );
    assert.deepEqual(posted, [
      { type: 'itemAdded', item: { kind: 'assistant', id: 'id2', text: '', thinking: '' } },
      { type: 'textDelta', itemId: 'id2', text: 'Hello' },
      { type: 'textDelta', itemId: 'id2', text: ', there.' },
    ]);
    assert.deepEqual(transcript.items.at(-1), { kind: 'assistant', id: 'id2', text: 'Hello, there.', thinking: '' });
    assert.equal(transcript.items.length, 2);
  });

  it('splits text around tool cards and leaves no empty assistant item for a turn of only tool calls', () => {
    transcript.addUser('where are the TODOs?', []);
    const posted = play(
      { type: 'turn_start', turn: 1 },
      { type: 'thinking_delta', text: 'Look first.' },
      { type: 'text_delta', text: 'Let me look.' },
      started('c1', 'read_file'),
      started('c2', 'search'),
      assistantMessage,
      called('c1', 'read_file', readArgs),
      called('c2', 'search', searchArgs),
      { type: 'tool_result', id: 'c1', name: 'read_file', isError: false, summary: 'Read src/app.ts (lines 1–3)', text: '1\tconst a = 1;' },
      { type: 'tool_result', id: 'c2', name: 'search', isError: false, summary: 'Searched src/: 2 matches', text: 'src/app.ts:2: // TODO' },
      { type: 'turn_start', turn: 2 },
      started('c3', 'list_files'),
      called('c3', 'list_files', '{"path":"src"}'),
      { type: 'tool_result', id: 'c3', name: 'list_files', isError: true, summary: 'src is a file', text: 'src is a file, not a folder.' },
      { type: 'turn_start', turn: 3 },
      { type: 'text_delta', text: 'Found two.' },
      { type: 'done', outcome: { reason: 'completed', text: 'Found two.' } },
    );
    assert.deepEqual(posted.slice(0, 5), [
      { type: 'itemAdded', item: { kind: 'assistant', id: 'id2', text: '', thinking: '' } },
      { type: 'thinkingDelta', itemId: 'id2', text: 'Look first.' },
      { type: 'textDelta', itemId: 'id2', text: 'Let me look.' },
      { type: 'itemAdded', item: { kind: 'tool', id: 'c1', name: 'read_file', toolKind: 'read', title: 'Reading a file', status: 'running', arguments: '', result: '' } },
      { type: 'itemAdded', item: { kind: 'tool', id: 'c2', name: 'search', toolKind: 'search', title: 'Searching', status: 'running', arguments: '', result: '' } },
    ]);
    assert.deepEqual(posted[5], { type: 'itemUpdated', item: { kind: 'tool', id: 'c1', name: 'read_file', toolKind: 'read', title: 'Reading src/app.ts', status: 'running', arguments: readArgs, result: '' } });
    assert.deepEqual(
      transcript.items.map((item) => [item.kind, item.id]),
      [['user', 'id1'], ['assistant', 'id2'], ['tool', 'c1'], ['tool', 'c2'], ['tool', 'c3'], ['assistant', 'id3']],
    );
    assert.deepEqual(transcript.items[3], {
      kind: 'tool', id: 'c2', name: 'search', toolKind: 'search', title: 'Searched src/: 2 matches', status: 'done', arguments: searchArgs, result: 'src/app.ts:2: // TODO',
    });
    assert.deepEqual(transcript.items[4], {
      kind: 'tool', id: 'c3', name: 'list_files', toolKind: 'list', title: 'src is a file', status: 'error', arguments: '{"path":"src"}', result: 'src is a file, not a folder.',
    });
    assert.deepEqual(transcript.items[5], { kind: 'assistant', id: 'id3', text: 'Found two.', thinking: '' });
  });

  it('starts a new assistant item for text after a tool card even within one turn', () => {
    transcript.addUser('go', []);
    play(
      { type: 'turn_start', turn: 1 },
      { type: 'text_delta', text: 'a' },
      called('c1', 'read_file', readArgs),
      { type: 'text_delta', text: 'b' },
    );
    assert.deepEqual(transcript.items.map((item) => item.kind), ['user', 'assistant', 'tool', 'assistant']);
    assert.equal(transcript.items[2]?.kind === 'tool' && transcript.items[2].title, 'Reading src/app.ts');
  });

  it('does not change items it already posted', () => {
    transcript.addUser('hi', []);
    const [added] = play({ type: 'turn_start', turn: 1 }, { type: 'text_delta', text: 'Hello' });
    play({ type: 'text_delta', text: ' world' });
    assert.deepEqual(added, { type: 'itemAdded', item: { kind: 'assistant', id: 'id2', text: '', thinking: '' } });
  });

  it('shows a refusal as an error item naming it, without Retry', () => {
    transcript.addUser('hi', []);
    const message = 'The model refused to answer (stop_reason "refusal"). Rephrase the request, or start a new conversation.';
    const posted = play({ type: 'turn_start', turn: 1 }, { type: 'done', outcome: { reason: 'error', message, kind: 'refusal', retryable: false } });
    assert.deepEqual(posted.at(-1), { type: 'itemAdded', item: { kind: 'error', id: 'id2', message, retryable: false } });
  });

  it('marks a call plan mode kept from running as refused, not only failed', () => {
    transcript.addUser('hi', []);
    const args = '{"path":"a.ts","old_str":"x","new_str":"y"}';
    play({ type: 'turn_start', turn: 1 }, started('c1', 'edit_file'), called('c1', 'edit_file', args));
    const text = 'edit_file was not run. Elbow is in plan mode.';
    const updated = play({ type: 'tool_result', id: 'c1', name: 'edit_file', isError: true, summary: 'Not run: a.ts', text, refusal: 'planMode' }).at(-1);
    assert.ok(updated?.type === 'itemUpdated' && updated.item.kind === 'tool', JSON.stringify(updated));
    assert.deepEqual([updated.item.status, updated.item.refusal, updated.item.title, updated.item.result], ['error', 'planMode', 'Not run: a.ts', text]);
  });

  it('shows an error with Retry for errors the user can retry', () => {
    transcript.addUser('hi', []);
    const posted = play(
      { type: 'turn_start', turn: 1 },
      { type: 'text_delta', text: 'Part' },
      { type: 'done', outcome: { reason: 'error', message: 'The connection broke.', kind: 'stream_broken', retryable: false } },
    );
    assert.deepEqual(posted.at(-1), { type: 'itemAdded', item: { kind: 'error', id: 'id3', message: 'The connection broke.', retryable: true } });

    const retryable = (kind: 'auth' | 'bad_request' | 'context_overflow' | 'unknown', flag = false): boolean => {
      const [message] = play({ type: 'done', outcome: { reason: 'error', message: 'x', kind, retryable: flag } });
      return message?.type === 'itemAdded' && message.item.kind === 'error' && message.item.retryable;
    };
    assert.equal(retryable('auth'), true);
    assert.equal(retryable('bad_request'), false);
    assert.equal(retryable('context_overflow'), false);
    assert.equal(retryable('unknown', true), true);
  });

  it('on cancel mid-tool, finishes the cards that never ran and says it stopped', () => {
    transcript.addUser('edit things', []);
    const posted = play(
      { type: 'turn_start', turn: 1 },
      started('c1', 'read_file'),
      started('c2', 'edit_file'),
      assistantMessage,
      called('c1', 'read_file', readArgs),
      { type: 'tool_result', id: 'c1', name: 'read_file', isError: true, summary: 'read_file was cancelled by the user.', text: 'read_file was cancelled by the user.' },
      { type: 'done', outcome: { reason: 'cancelled', message: 'Cancelled.' } },
    );
    assert.deepEqual(posted.slice(-2), [
      { type: 'itemUpdated', item: { kind: 'tool', id: 'c2', name: 'edit_file', toolKind: 'edit', title: 'Not run: stopped', status: 'error', arguments: '', result: 'Stopped before this tool ran.' } },
      { type: 'itemAdded', item: { kind: 'notice', id: 'id2', text: 'Stopped.' } },
    ]);
    assert.ok(transcript.items.every((item) => item.kind !== 'tool' || item.status === 'error'));
  });

  it('shows the wait before a retry and clears it when output arrives or the run ends', () => {
    transcript.addUser('hi', []);
    const wait = { reason: 'Rate limited', delayMs: 4000, attempt: 1, maxAttempts: 3 };
    assert.deepEqual(play({ type: 'turn_start', turn: 1 }, { type: 'retry', ...wait }), [{ type: 'retryWait', wait }]);
    assert.deepEqual(play({ type: 'text_delta', text: 'Hi' }), [
      { type: 'retryWait', wait: null },
      { type: 'itemAdded', item: { kind: 'assistant', id: 'id2', text: '', thinking: '' } },
      { type: 'textDelta', itemId: 'id2', text: 'Hi' },
    ]);
    assert.deepEqual(play({ type: 'text_delta', text: '!' }), [{ type: 'textDelta', itemId: 'id2', text: '!' }]);

    play({ type: 'turn_start', turn: 2 }, { type: 'retry', ...wait, attempt: 2 });
    assert.deepEqual(play(started('c1', 'read_file'))[0], { type: 'retryWait', wait: null });

    play({ type: 'retry', ...wait, attempt: 3 });
    assert.deepEqual(play({ type: 'done', outcome: { reason: 'error', message: 'Rate limited', kind: 'rate_limit', retryable: true } }).slice(0, 1), [{ type: 'retryWait', wait: null }]);
  });

  it('shows a reply cut off as a notice after it, and the continuation in an item of its own', () => {
    transcript.addUser('hi', []);
    play({ type: 'turn_start', turn: 1 }, { type: 'text_delta', text: 'My name is' }, assistantMessage);
    const notice = "The reply was cut off by the model's output limit. Asking the model to continue.";
    assert.deepEqual(play({ type: 'reply_cut', cause: 'output_limit', message: notice }), [{ type: 'itemAdded', item: { kind: 'notice', id: 'id3', text: notice } }]);
    const continued = play({ type: 'turn_start', turn: 2 }, { type: 'text_delta', text: ' Neo.' });
    assert.deepEqual(continued, [
      { type: 'itemAdded', item: { kind: 'assistant', id: 'id4', text: '', thinking: '' } },
      { type: 'textDelta', itemId: 'id4', text: ' Neo.' },
    ]);
  });

  it('announces a switch to a fallback model as a notice, clears the wait, and streams the new model\'s answer below it', () => {
    transcript.addUser('hi', []);
    const wait = { reason: 'The API is overloaded (529): Overloaded', delayMs: 4000, attempt: 5, maxAttempts: 5 };
    play({ type: 'turn_start', turn: 1 }, { type: 'retry', ...wait });
    const switched: AgentEvent = { type: 'model_switched', from: 'claude-opus-4-7', to: 'claude-haiku-4-5', reason: 'claude-opus-4-7 stayed overloaded', detail: 'The API is overloaded (529): Overloaded' };
    assert.deepEqual(play(switched, { type: 'text_delta', text: 'Hi' }), [
      { type: 'retryWait', wait: null },
      { type: 'itemAdded', item: { kind: 'notice', id: 'id2', text: 'Switched to claude-haiku-4-5: claude-opus-4-7 stayed overloaded (The API is overloaded (529): Overloaded).' } },
      { type: 'itemAdded', item: { kind: 'assistant', id: 'id3', text: '', thinking: '' } },
      { type: 'textDelta', itemId: 'id3', text: 'Hi' },
    ]);
  });

  it('marks a reply that broke off as interrupted, ends its unfinished calls, and streams the retried reply into a new item', () => {
    transcript.addUser('hi', []);
    play({ type: 'turn_start', turn: 1 }, { type: 'text_delta', text: 'Half a' }, started('c1', 'read_file'));
    const discarded = play({ type: 'reply_discarded', reason: 'The API is overloaded (in the stream): Overloaded' });
    assert.deepEqual(discarded, [
      { type: 'itemUpdated', item: { kind: 'tool', id: 'c1', name: 'read_file', toolKind: 'read', title: 'Not run: the reply broke off', status: 'error', arguments: '', result: 'The reply broke off before this call was complete; the request was sent again.' } },
      { type: 'itemUpdated', item: { kind: 'assistant', id: 'id2', text: 'Half a', thinking: '', interrupted: true } },
    ]);
    const retried = play(
      { type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 1000, reason: 'The API is overloaded (in the stream): Overloaded' },
      { type: 'text_delta', text: 'The whole reply.' },
      started('c1', 'read_file'),
    );
    assert.deepEqual(retried.slice(1, 4), [
      { type: 'retryWait', wait: null },
      { type: 'itemAdded', item: { kind: 'assistant', id: 'id3', text: '', thinking: '' } },
      { type: 'textDelta', itemId: 'id3', text: 'The whole reply.' },
    ]);
    assert.equal(retried[4]?.type === 'itemAdded' && retried[4].item.kind === 'tool' && retried[4].item.status, 'running', 'a call id the retried reply reuses gets a card of its own');
    assert.deepEqual(transcript.items.map((item) => item.kind === 'assistant' ? `${item.text}${item.interrupted === true ? ' (interrupted)' : ''}` : item.kind), ['user', 'Half a (interrupted)', 'tool', 'The whole reply.', 'tool']);
  });

  it('says when the turn limit stopped the run', () => {
    transcript.addUser('hi', []);
    const posted = play({ type: 'done', outcome: { reason: 'max_turns', message: 'Stopped after 50 model turns.' } });
    assert.deepEqual(posted, [{ type: 'itemAdded', item: { kind: 'notice', id: 'id2', text: 'Stopped after 50 model turns.' } }]);
  });

  it('cuts very long results for display and says how much', () => {
    transcript.addUser('hi', []);
    const text = 'x'.repeat(MAX_SHOWN_RESULT_CHARS + 1234);
    const [message] = play({ type: 'tool_result', id: 'c1', name: 'read_file', isError: false, summary: 'Read big.txt', text });
    assert.ok(message?.type === 'itemAdded' && message.item.kind === 'tool');
    assert.ok(message.item.result.startsWith('x'.repeat(MAX_SHOWN_RESULT_CHARS)));
    assert.match(message.item.result, /1,234 more characters not shown/);
    assert.ok(message.item.result.length < MAX_SHOWN_RESULT_CHARS + 100);
  });

  it('carries where a command ran to its card as a field of its own, the summary as its title', () => {
    transcript.addUser('run', []);
    const result = (id: string, summary: string, placement?: 'sandboxed' | 'outsideSandbox'): AgentEvent =>
      ({ type: 'tool_result', id, name: 'run_command', isError: false, summary, text: 'Exit code: 0', ...(placement === undefined ? {} : { placement }) });
    play(
      result('c1', 'Ran ls · exit 0', 'sandboxed'),
      result('c2', 'Ran npm publish · exit 0', 'outsideSandbox'),
      result('c3', 'Ran ls · exit 0'),
    );
    const cards = transcript.items.filter((item) => item.kind === 'tool');
    assert.deepEqual(cards.map((card) => [card.title, card.placement]), [
      ['Ran ls · exit 0', 'sandboxed'],
      ['Ran npm publish · exit 0', 'outsideSandbox'],
      ['Ran ls · exit 0', undefined],
    ]);
    assert.equal('placement' in (cards[2] ?? {}), false, 'no sandbox here: no field at all');
  });

  it('keeps card ids unique when a provider reuses call ids across runs', () => {
    for (const question of ['one', 'two']) {
      transcript.addUser(question, []);
      play(
        started('call_0', 'read_file'),
        called('call_0', 'read_file', readArgs),
        { type: 'tool_result', id: 'call_0', name: 'read_file', isError: false, summary: `Read ${question}`, text: question },
        { type: 'done', outcome: { reason: 'completed', text: '' } },
      );
    }
    const cards = transcript.items.filter((item) => item.kind === 'tool');
    assert.equal(new Set(cards.map((card) => card.id)).size, 2);
    assert.deepEqual(cards.map((card) => card.title), ['Read one', 'Read two']);
  });

  it('adds errors and notices', () => {
    assert.deepEqual(transcript.addError('No API key.', true), [{ type: 'itemAdded', item: { kind: 'error', id: 'id1', message: 'No API key.', retryable: true } }]);
    assert.deepEqual(transcript.addNotice('Model changed.'), [{ type: 'itemAdded', item: { kind: 'notice', id: 'id2', text: 'Model changed.' } }]);
  });

  describe('restored after a reload', () => {
    const user: ChatItem = { kind: 'user', id: 'u1', text: 'edit it', attachments: [] };
    const answer: ChatItem = { kind: 'assistant', id: 'a1', text: 'Editing.', thinking: '' };
    const done: ChatItem = { kind: 'tool', id: 'c1', name: 'read_file', toolKind: 'read', title: 'Read a.js (lines 1–2)', status: 'done', arguments: '{"path":"a.js"}', result: '1\tx' };
    const running: ChatItem = { kind: 'tool', id: 'c2', name: 'edit_file', toolKind: 'edit', title: 'Editing a.js', status: 'running', arguments: '{"path":"a.js"}', result: '' };

    it('marks tool cards left running as interrupted and offers to retry the run', () => {
      const items = [user, answer, done, running];
      const restored = new ChatTranscript(items, counter());
      assert.equal(restored.markInterrupted(), true);
      assert.deepEqual(restored.items.slice(0, 3), [user, answer, done]);
      assert.deepEqual(restored.items[3], { ...running, status: 'error', title: INTERRUPTED_TOOL_TITLE, result: 'Interrupted: VS Code was reloaded before this tool finished.' });
      assert.deepEqual(restored.items[4], { kind: 'error', id: 'id1', message: INTERRUPTED_RUN_NOTICE, retryable: true });
      assert.equal(items[3], running, 'the given array is not changed');
      assert.equal(restored.markInterrupted(), false, 'a second time changes nothing');
      assert.equal(restored.items.length, 5);
    });

    it('ends the questions of interrupted tools, since nothing waits for their answer after the reload', () => {
      const approval: Approval = { kind: 'command', title: 'Run this command in the sandbox?', command: 'npm test', placement: { kind: 'sandbox' }, reasons: [], alwaysAllow: [], state: 'pending' };
      const asking: ChatItem = { kind: 'tool', id: 'c3', name: 'run_command', toolKind: 'command', title: 'Run npm test', status: 'running', arguments: '{"command":"npm test"}', result: '', approval };
      const proposing: ChatItem = { ...running, id: 'c4', proposal: { diff: '--- a/a.js\n+++ b/a.js\n@@ -1 +1 @@\n-x\n+y', state: 'pending' } };
      const answered: ChatItem = { ...asking, id: 'c5', status: 'done', approval: { ...approval, state: 'allowed', allowedPlacement: 'sandboxed' } };
      const restored = new ChatTranscript([user, answered, asking, proposing], counter());
      assert.equal(restored.markInterrupted(), true);
      const [, kept, asked, proposed] = restored.items;
      assert.deepEqual(kept, answered, 'an answered question stays as it was');
      assert.deepEqual(asked?.kind === 'tool' && asked.approval, { ...approval, state: 'denied', reason: 'Not answered before the window reloaded' });
      assert.deepEqual(proposed?.kind === 'tool' && proposed.proposal, { diff: '--- a/a.js\n+++ b/a.js\n@@ -1 +1 @@\n-x\n+y', state: 'rejected', feedback: 'Not answered before the window reloaded' });
      assert.ok(restored.items.every((item) => item.kind !== 'tool' || (item.approval?.state !== 'pending' && item.proposal?.state !== 'pending')), 'no question is left waiting');
    });

    it('treats a user message with no reply as interrupted', () => {
      const restored = new ChatTranscript([answer, user], counter());
      assert.equal(restored.markInterrupted(), true);
      assert.equal(restored.items.at(-1)?.kind, 'error');
    });

    it('leaves a finished conversation alone, and continues it', () => {
      const restored = new ChatTranscript([user, answer, done], counter());
      assert.equal(restored.markInterrupted(), false);
      assert.deepEqual(restored.items, [user, answer, done]);
      restored.addUser('more', []);
      restored.apply(called('c1', 'read_file', '{"path":"b.js"}'));
      assert.equal(new Set(restored.items.map((item) => item.id)).size, restored.items.length, 'a reused call id gets a card of its own');
      assert.deepEqual(restored.items[2], done);
    });
  });

  describe('compaction markers', () => {
    it('shows a summary being written, then the result in the same marker, between the items it leaves in place', () => {
      transcript.addUser('Fix the parser', []);
      play({ type: 'turn_start', turn: 1 }, { type: 'text_delta', text: 'Working on it.' });
      const started = play({ type: 'compaction_start', layer: 2, reason: 'threshold', beforeTokens: 48_000 });
      assert.deepEqual(started, [{ type: 'itemAdded', item: { kind: 'compaction', id: 'id3', layer: 2, state: 'running', beforeTokens: 48_000 } }]);
      const ended = play(
        { type: 'context', usedTokens: 3_000, windowTokens: 200_000, estimated: true },
        { type: 'compaction', layer: 2, reason: 'threshold', beforeTokens: 48_000, afterTokens: 3_000, summary: '## Goal', archive: '/tmp/a.jsonl' },
      );
      assert.deepEqual(ended, [{ type: 'itemUpdated', item: { kind: 'compaction', id: 'id3', layer: 2, state: 'done', beforeTokens: 48_000, afterTokens: 3_000, summary: '## Goal', shortenedResults: undefined, archive: '/tmp/a.jsonl' } }]);
      assert.deepEqual(transcript.items.map((item) => item.kind), ['user', 'assistant', 'compaction']);
      // Text after the marker starts a new bubble, below it.
      const after = play({ type: 'text_delta', text: 'Carrying on.' });
      assert.equal(after[0]?.type, 'itemAdded');
    });

    it('adds a marker for shortened tool results, and turns a failed summary into a warning marker', () => {
      const shortened = play({ type: 'compaction', layer: 1, reason: 'threshold', beforeTokens: 60_000, afterTokens: 35_000, shortenedResults: 12 });
      assert.equal(shortened[0]?.type === 'itemAdded' && shortened[0].item.kind === 'compaction' && shortened[0].item.shortenedResults, 12);
      play({ type: 'compaction_start', layer: 2, reason: 'user', beforeTokens: 40_000 });
      const failed = play({ type: 'compaction_failed', reason: 'user', message: 'Overloaded (529)', beforeTokens: 40_000, afterTokens: 30_000, shortenedResults: 3 });
      const item = failed[0]?.type === 'itemUpdated' ? failed[0].item : undefined;
      assert.equal(item?.kind === 'compaction' && `${item.state}: ${item.message ?? ''}`, 'failed: Overloaded (529)');
      assert.equal(transcript.items.length, 2);
      const cut = play({ type: 'compaction', layer: 1, reason: 'threshold', beforeTokens: 30_000, afterTokens: 22_000, shortenedResults: 2, newest: true });
      assert.equal(cut[0]?.type === 'itemAdded' && cut[0].item.kind === 'compaction' && cut[0].item.newest, true, 'the marker says the newest results were cut');
    });

    it('ends a marker left running when the run ends or the window reloads', () => {
      play({ type: 'compaction_start', layer: 2, reason: 'threshold', beforeTokens: 40_000 });
      const done = play({ type: 'done', outcome: { reason: 'cancelled', message: 'Cancelled.' } });
      assert.ok(done.some((message) => message.type === 'itemUpdated' && message.item.kind === 'compaction' && message.item.state === 'failed'));

      const restored = new ChatTranscript([{ kind: 'compaction', id: 'c1', layer: 2, state: 'running', beforeTokens: 40_000 }], counter());
      restored.markInterrupted();
      const marker = restored.items[0];
      assert.equal(marker?.kind === 'compaction' && marker.state, 'failed');
    });
  });
});

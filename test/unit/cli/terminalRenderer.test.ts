import assert from 'node:assert/strict';
import { INTERRUPTED_ANSWER_LINE, TerminalRenderer } from '../../../src/cli/terminalRenderer';
import { toolCallLine } from '../../../src/cli/toolCallLine';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { builtinTools } from '../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../src/core/tools/registry';

const registry = new ToolRegistry();
for (const tool of builtinTools()) registry.register(tool);

/** A call about to run, described by the built-in tool. */
function called(id: string, name: string, argumentsJson: string): AgentEvent {
  return { type: 'tool_call', id, name, arguments: argumentsJson, ...registry.describe(name, argumentsJson) };
}

const subjectOf = (name: string, argumentsJson: string): string => registry.describe(name, argumentsJson).subject;

function render(streamText: boolean, labelAnswers: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const renderer = new TerminalRenderer({ stdout: (t) => out.push(t), stderr: (t) => err.push(t) }, { streamText, labelAnswers, color: false });
  return { renderer, out: () => out.join(''), err: () => err.join('') };
}

describe('TerminalRenderer', () => {
  it('summarises tool calls in one line each with their mark', () => {
    assert.equal(toolCallLine('read_file', subjectOf('read_file', '{"path":"secret-file.txt","offset":3}')), 'read_file(secret-file.txt)');
    assert.equal(toolCallLine('list_files', subjectOf('list_files', '{}')), 'list_files()');
    assert.equal(toolCallLine('edit_file', subjectOf('edit_file', '{"path": "a.js", "old_str')), 'edit_file({"path": "a.js", "old_str)');
  });

  it('prints only the final answer on stdout in -p mode, tool lines on stderr', () => {
    const view = render(false, false);
    view.renderer.handle({ type: 'text_delta', text: 'Let me look.' });
    view.renderer.handle(called('1', 'read_file', '{"path":"a.txt"}'));
    view.renderer.handle({ type: 'tool_result', id: '1', name: 'read_file', isError: false, summary: 'Read a.txt', text: '1\thi' });
    view.renderer.handle(called('2', 'edit_file', '{"path":"b.txt"}'));
    view.renderer.handle({ type: 'tool_result', id: '2', name: 'edit_file', isError: true, summary: 'edit_file', text: 'old_str not found in b.txt.\nClosest match...' });
    view.renderer.handle({ type: 'done', outcome: { reason: 'completed', text: 'The answer.' } });
    assert.equal(view.out(), 'The answer.\n');
    assert.equal(view.err(), '✓ read_file(a.txt)\n✗ edit_file(b.txt): old_str not found in b.txt.\n');
  });

  it('says after a command’s line where it ran, dimmed on a colour terminal', () => {
    const view = render(false, false);
    const ran = (id: string, command: string, isError: boolean, placement?: 'sandboxed' | 'outsideSandbox') => {
      view.renderer.handle(called(id, 'run_command', JSON.stringify({ command })));
      view.renderer.handle({ type: 'tool_result', id, name: 'run_command', isError, summary: `Ran ${command}`, text: isError ? 'Exit code: 1\nOutput' : 'Exit code: 0', ...(placement === undefined ? {} : { placement }) });
    };
    ran('1', 'ls', false, 'sandboxed');
    ran('2', 'npm publish', false, 'outsideSandbox');
    ran('3', 'false', true, 'sandboxed');
    ran('4', 'ls', false);
    assert.equal(view.err(), [
      '✓ run_command(ls) · sandboxed',
      '✓ run_command(npm publish) · outside the sandbox',
      '✗ run_command(false): Exit code: 1 · sandboxed',
      '✓ run_command(ls)',
      '',
    ].join('\n'));
    const err: string[] = [];
    const coloured = new TerminalRenderer({ stdout: () => undefined, stderr: (t) => err.push(t) }, { streamText: true, labelAnswers: true, color: true });
    coloured.handle({ type: 'tool_result', id: '5', name: 'run_command', isError: false, summary: 'Ran ls', text: '', placement: 'sandboxed' });
    assert.equal(err.join(''), '\x1b[32m✓\x1b[0m run_command()\x1b[2m · sandboxed\x1b[0m\n');
  });

  it('streams and labels answers in the chat, and offers /retry after a retryable failure', () => {
    const view = render(true, true);
    view.renderer.handle({ type: 'turn_start', turn: 1 });
    view.renderer.handle({ type: 'text_delta', text: 'Hel' });
    view.renderer.handle({ type: 'text_delta', text: 'lo' });
    view.renderer.handle({ type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 3500, reason: 'Rate limited (429).' });
    view.renderer.handle({ type: 'done', outcome: { reason: 'error', message: 'The connection broke.', kind: 'stream_broken', retryable: true } });
    assert.equal(view.out(), 'Elbow: Hello\n');
    assert.equal(view.err(), 'Rate limited (429). Retrying in 4 s (retry 1 of 5).\nThe connection broke. Type /retry to try again.\n');
  });

  it('in the chat, says a reply that broke off is discarded and that it retries, then labels the new answer', () => {
    const view = render(true, true);
    view.renderer.handle({ type: 'turn_start', turn: 1 });
    view.renderer.handle({ type: 'text_delta', text: 'Half an ans' });
    view.renderer.handle({ type: 'reply_discarded', reason: 'The API is overloaded (in the stream): Overloaded' });
    view.renderer.handle({ type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 1200, reason: 'The API is overloaded (in the stream): Overloaded' });
    view.renderer.handle({ type: 'text_delta', text: 'The answer.' });
    view.renderer.handle({ type: 'done', outcome: { reason: 'completed', text: 'The answer.' } });
    assert.equal(view.out(), 'Elbow: Half an ans\nElbow: The answer.\n');
    assert.equal(view.err(), `${INTERRUPTED_ANSWER_LINE}\nThe API is overloaded (in the stream): Overloaded Retrying in 2 s (retry 1 of 5).\n`);
    assert.match(INTERRUPTED_ANSWER_LINE, /Interrupted.*discarded/);
  });

  it('in -p mode, never prints the part of a reply that broke off', () => {
    const view = render(false, false);
    view.renderer.handle({ type: 'text_delta', text: 'Half an ans' });
    view.renderer.handle({ type: 'reply_discarded', reason: 'The reply stream broke' });
    view.renderer.handle({ type: 'retry', attempt: 1, maxAttempts: 5, delayMs: 1000, reason: 'The reply stream broke.' });
    view.renderer.handle({ type: 'text_delta', text: 'The answer.' });
    view.renderer.handle({ type: 'done', outcome: { reason: 'completed', text: 'The answer.' } });
    assert.equal(view.out(), 'The answer.\n');
    assert.equal(view.err(), 'The reply stream broke. Retrying in 1 s (retry 1 of 5).\n');
  });

  it('prints the task list on stderr each time the model changes it, a count then one short line a step', () => {
    const view = render(true, true);
    view.renderer.handle(called('t1', 'todo', '{"items":[]}'));
    view.renderer.handle({ type: 'todos', items: [{ text: 'Read the parser', status: 'done' }, { text: 'Fix the bug', status: 'in_progress' }, { text: 'Run the tests', status: 'pending' }] });
    view.renderer.handle({ type: 'tool_result', id: 't1', name: 'todo', isError: false, summary: 'Updated the task list · 1/3', text: 'List updated: 1 of 3 done.' });
    view.renderer.handle({ type: 'todos', items: [] });
    assert.equal(view.out(), '');
    assert.equal(view.err(), ['Tasks 1/3', '  ✓ Read the parser', '  ▸ Fix the bug', '  ○ Run the tests', '✓ todo()', 'Tasks: cleared', ''].join('\n'));
  });

  it('explains compaction on stderr, in -p mode too', () => {
    const view = render(false, false);
    view.renderer.handle({ type: 'compaction', layer: 1, reason: 'threshold', beforeTokens: 60_000, afterTokens: 35_000, shortenedResults: 12 });
    view.renderer.handle({ type: 'compaction_start', layer: 2, reason: 'threshold', beforeTokens: 48_000 });
    view.renderer.handle({ type: 'compaction', layer: 2, reason: 'threshold', beforeTokens: 48_000, afterTokens: 3_000, summary: 'S', archive: '/data/t.jsonl' });
    view.renderer.handle({ type: 'compaction_failed', reason: 'threshold', message: 'The model replied without a summary.', beforeTokens: 48_000, afterTokens: 30_000, shortenedResults: 4 });
    view.renderer.handle({ type: 'compaction', layer: 1, reason: 'threshold', beforeTokens: 30_000, afterTokens: 22_000, shortenedResults: 2, newest: true });
    assert.equal(view.out(), '');
    assert.equal(view.err(), [
      'Older tool results shortened — 60k → 35k tokens (12 results).',
      'Summarising earlier messages to free context…',
      'Earlier messages summarised — 48k → 3k tokens. Full transcript: /data/t.jsonl',
      'Could not summarise earlier messages: The model replied without a summary. The full history was kept; older tool results were shortened instead.',
      'Newest tool results cut to fit the window — 30k → 22k tokens (2 results).',
      '',
    ].join('\n'));
  });

  it('colours compaction lines dim, and a failed summary yellow', () => {
    const err: string[] = [];
    const renderer = new TerminalRenderer({ stdout: () => undefined, stderr: (t) => err.push(t) }, { streamText: true, labelAnswers: true, color: true });
    renderer.handle({ type: 'compaction_start', layer: 2, reason: 'user', beforeTokens: 48_000 });
    renderer.handle({ type: 'compaction_failed', reason: 'user', message: 'Cancelled.', beforeTokens: 48_000, afterTokens: 48_000, shortenedResults: 0 });
    assert.deepEqual(err, [
      '\x1b[2mSummarising earlier messages to free context…\x1b[0m\n',
      '\x1b[33mCould not summarise earlier messages: Cancelled. The full history was kept.\x1b[0m\n',
    ]);
  });
});

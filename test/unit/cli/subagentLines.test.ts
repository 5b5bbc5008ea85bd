import assert from 'node:assert/strict';
import { JsonRenderer } from '../../../src/cli/jsonRenderer';
import { TerminalRenderer } from '../../../src/cli/terminalRenderer';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import type { UsageTotals } from '../../../src/core/context/usageTotals';
import type { Usage } from '../../../src/core/llm/messages';

const usage = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** `event` as the child `taskId`, started by the parent's call `callId`, reports it. */
function fromChild(taskId: string, description: string, event: AgentEvent, extra: { callId?: string; agent?: string; total?: UsageTotals } = {}): AgentEvent {
  return { type: 'subagent', callId: extra.callId ?? `call_${taskId}`, taskId, description, agent: extra.agent ?? 'explore', event, ...(extra.total === undefined ? {} : { total: extra.total }) };
}

const read = (id: string, path: string): AgentEvent[] => [
  { type: 'tool_call', id, name: 'read_file', arguments: JSON.stringify({ path }), title: `Reading ${path}`, kind: 'read', subject: path },
  { type: 'tool_result', id, name: 'read_file', isError: false, summary: `Read ${path}`, text: '1\tx' },
];

function renderTerminal(events: readonly AgentEvent[], color = false): { out: string; err: string } {
  let out = '';
  let err = '';
  const renderer = new TerminalRenderer({ stdout: (t) => (out += t), stderr: (t) => (err += t) }, { streamText: true, labelAnswers: false, color });
  for (const event of events) renderer.handle(event);
  return { out, err };
}

describe('a subagent in the terminal', () => {
  it('prints a child’s start, tool calls and end with its tokens and cost as indented lines on stderr, never its text on stdout', () => {
    const child = (event: AgentEvent): AgentEvent => fromChild('task_1', 'Find uses of parseConfig', event);
    const { out, err } = renderTerminal([
      { type: 'tool_call', id: 'call_task_1', name: 'task', arguments: '{}', title: 'Task: Find uses of parseConfig', kind: 'task', subject: 'Find uses of parseConfig' },
      child({ type: 'turn_start', turn: 1 }),
      child({ type: 'text_delta', text: 'Let me search.' }),
      ...read('r1', 'src/a.ts').map(child),
      child({ type: 'usage', usage: usage(1_000, 50), cost: 0.004 }),
      child({ type: 'tool_call', id: 'r2', name: 'read_file', arguments: '{"path":"gone.ts"}', title: 'Reading gone.ts', kind: 'read', subject: 'gone.ts' }),
      child({ type: 'tool_result', id: 'r2', name: 'read_file', isError: true, summary: 'read_file', text: 'File not found: gone.ts\nmore' }),
      child({ type: 'text_delta', text: 'parseConfig is used in src/a.ts.' }),
      child({ type: 'usage', usage: usage(1_400, 100), cost: 0.006 }),
      child({ type: 'done', outcome: { reason: 'completed', text: 'parseConfig is used in src/a.ts.' } }),
      { type: 'tool_result', id: 'call_task_1', name: 'task', isError: false, summary: 'Task done: Find uses of parseConfig', text: '<task_result>' },
      { type: 'text_delta', text: 'It is used once.' },
      { type: 'done', outcome: { reason: 'completed', text: 'It is used once.' } },
    ]);
    assert.equal(out, 'It is used once.\n');
    assert.equal(err, [
      '  ▸ Find uses of parseConfig (explore) started',
      '  ✓ Find uses of parseConfig › read_file(src/a.ts)',
      '  ✗ Find uses of parseConfig › read_file(gone.ts): File not found: gone.ts',
      '  ✓ Find uses of parseConfig (explore) done · 2 tool calls · 2.5k tokens · $0.01',
      '✓ task(Find uses of parseConfig)',
      '',
    ].join('\n'));
  });

  it('tells parallel children apart by their description, says which failed, and indents a child’s child further', () => {
    const a = (event: AgentEvent): AgentEvent => fromChild('task_a', 'Find alpha', event);
    const b = (event: AgentEvent): AgentEvent => fromChild('task_b', 'Refactor beta', event, { agent: 'general' });
    const nested = (event: AgentEvent): AgentEvent => b(fromChild('task_c', 'Check gamma', event));
    const { err } = renderTerminal([
      a({ type: 'turn_start', turn: 1 }),
      b({ type: 'turn_start', turn: 1 }),
      ...read('r1', 'alpha.ts').map(a),
      nested({ type: 'turn_start', turn: 1 }),
      ...read('r2', 'gamma.ts').map(nested),
      nested({ type: 'usage', usage: usage(300, 20), cost: null }),
      nested({ type: 'done', outcome: { reason: 'completed', text: 'ok' } }),
      b({ type: 'usage', usage: usage(500, 10), cost: 0.001 }),
      b({ type: 'done', outcome: { reason: 'error', message: 'The server is overloaded.\nDetails', kind: 'overloaded', retryable: true } }),
      a({ type: 'usage', usage: usage(200, 10), cost: 0 }),
      a({ type: 'done', outcome: { reason: 'cancelled', message: 'Cancelled.' } }),
    ]);
    assert.equal(err, [
      '  ▸ Find alpha (explore) started',
      '  ▸ Refactor beta (general) started',
      '  ✓ Find alpha › read_file(alpha.ts)',
      '    ▸ Check gamma (explore) started',
      '    ✓ Check gamma › read_file(gamma.ts)',
      '    ✓ Check gamma (explore) done · 1 tool call · 320 tokens',
      // The grandchild's tokens count for its parent too, and its unknown price makes the parent's unknown.
      '  ✗ Refactor beta (general) failed: The server is overloaded. · 0 tool calls · 830 tokens',
      '  ✗ Find alpha (explore) cancelled: Cancelled. · 1 tool call · 210 tokens · $0.00',
      '',
    ].join('\n'));
  });

  it('keeps a child’s escape sequences off the terminal and colours its marks like the parent’s', () => {
    const { err } = renderTerminal([
      fromChild('task_1', 'Find \x1b[2Jx', { type: 'turn_start', turn: 1 }),
      ...read('r1', 'a.ts').map((event) => fromChild('task_1', 'Find \x1b[2Jx', event)),
    ], true);
    assert.equal(err, '\x1b[2m  ▸ Find \\x1b[2Jx (explore) started\x1b[0m\n\x1b[32m  ✓ Find \\x1b[2Jx › read_file(a.ts)\x1b[0m\n');
  });
});

describe('a subagent in --json', () => {
  it('writes each child event as the child’s own line, tagged with its task id, the parent’s call, agent, description and depth', () => {
    const lines: string[] = [];
    const renderer = new JsonRenderer((line) => lines.push(line));
    const total: UsageTotals = { usage: usage(2_000, 80), cost: 0.01 };
    renderer.handle(fromChild('task_1', 'Find alpha', { type: 'usage', usage: usage(500, 20), cost: 0.002, total: { usage: usage(500, 20), cost: 0.002 } }, { callId: 'call_9', total }));
    renderer.handle(fromChild('task_1', 'Find alpha', fromChild('task_2', 'Check \u202egamma', { type: 'turn_start', turn: 1 }, { callId: 'call_inner', agent: 'general' }), { callId: 'call_9' }));
    assert.equal(lines.length, 2);
    assert.ok(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n')));
    assert.deepEqual(JSON.parse(lines[0] as string), {
      type: 'usage', usage: usage(500, 20), cost: 0.002, total: { usage: usage(500, 20), cost: 0.002 },
      taskId: 'task_1', parentCallId: 'call_9', agent: 'explore', description: 'Find alpha', depth: 1, conversationTotal: total,
    });
    assert.deepEqual(JSON.parse(lines[1] as string), { type: 'turn_start', turn: 1, taskId: 'task_2', parentCallId: 'call_inner', agent: 'general', description: 'Check \u202egamma', depth: 2 });
    assert.ok(lines[1]?.includes('\\u202e'), 'the bidirectional override is escaped');
  });
});

import assert from 'node:assert/strict';
import type { ToolSpec } from '../../../../../src/core/llm/provider';
import { maxTextToolCalls, trailingToolCalls } from '../../../../../src/core/llm/textToolCalls/trailingToolCalls';

const tools: ToolSpec[] = [
  {
    name: 'run_command',
    description: '',
    inputSchema: { type: 'object', properties: { command: { type: 'string' }, timeout_seconds: { type: 'number' }, background: { type: 'boolean' } } },
  },
  { name: 'read_file', description: '', inputSchema: { type: 'object', properties: { path: { type: 'string' }, lines: { type: 'array' } } } },
];

const qwenCall = '<tool_call>\n<function=run_command>\n<parameter=command>\nls -la\n</parameter>\n<parameter=timeout_seconds>\n30\n</parameter>\n</function>\n</tool_call>';

describe('trailingToolCalls', () => {
  it('reads a Qwen3-Coder XML call at the end, its values converted by the tool schema', () => {
    const found = trailingToolCalls(`Let me look.\n${qwenCall}\n`, tools);
    assert.deepEqual(found?.calls, [{ name: 'run_command', arguments: '{"command":"ls -la","timeout_seconds":30}' }]);
    assert.equal(found && `Let me look.\n${qwenCall}\n`.slice(0, found.start), 'Let me look.\n');
  });

  it('reads Hermes JSON calls, several in a row', () => {
    const text = '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.ts"}}\n</tool_call>\n<tool_call>\n{"name": "run_command", "arguments": {"command": "pwd"}}\n</tool_call>';
    assert.deepEqual(trailingToolCalls(text, tools), {
      start: 0,
      calls: [
        { name: 'read_file', arguments: '{"path":"a.ts"}' },
        { name: 'run_command', arguments: '{"command":"pwd"}' },
      ],
    });
  });

  it('reads a bare <function=…> block without the <tool_call> wrapper', () => {
    assert.deepEqual(trailingToolCalls('<function=read_file>\n<parameter=path>\nsrc/a.ts\n</parameter>\n</function>', tools)?.calls, [{ name: 'read_file', arguments: '{"path":"src/a.ts"}' }]);
  });

  it('keeps a multi-line value whole, less the newlines the template puts around it', () => {
    const text = '<tool_call>\n<function=run_command>\n<parameter=command>\necho one\necho two\n\n</parameter>\n</function>\n</tool_call>';
    assert.deepEqual(JSON.parse(trailingToolCalls(text, tools)?.calls[0]?.arguments ?? ''), { command: 'echo one\necho two\n' });
  });

  it('finds nothing when prose follows the calls', () => {
    assert.equal(trailingToolCalls(`${qwenCall}\nThat is how a call looks.`, tools), undefined);
  });

  it('finds nothing in malformed or unknown calls', () => {
    const malformed = [
      '<tool_call>\n{"name": "run_command", "arguments": {"command": "pwd"}\n</tool_call>', // JSON cut short
      '<tool_call>\n{"name": "delete_everything", "arguments": {}}\n</tool_call>', // no such tool
      '<tool_call>\n{"name": "run_command", "arguments": "pwd"}\n</tool_call>', // arguments not an object
      '<tool_call>\n<function=run_command>\n<parameter=command>\nls\n</function>\n</tool_call>', // parameter never closed
      '<tool_call>\n<function=run_command>\nls\n</function>\n</tool_call>', // text outside a parameter
      '<function=run_command>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>', // closing tag without its opening
      '<tool_call>\nrun ls\n</tool_call>',
    ];
    for (const text of malformed) assert.equal(trailingToolCalls(text, tools), undefined, text);
  });

  it('finds nothing when one of several trailing calls is malformed', () => {
    const text = `<tool_call>\n{"name": "nope", "arguments": {}}\n</tool_call>\n${qwenCall}`;
    assert.equal(trailingToolCalls(text, tools), undefined);
  });

  it('finds nothing, and does not throw, in calls nested too deep to write back as JSON', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const hermes = `<tool_call>{"name": "read_file", "arguments": {"path": ${deep}}}</tool_call>`;
    const qwen = `<tool_call>\n<function=read_file>\n<parameter=lines>\n${deep}\n</parameter>\n</function>\n</tool_call>`;
    assert.equal(trailingToolCalls(hermes, tools), undefined);
    assert.equal(trailingToolCalls(qwen, tools), undefined);
  });

  it('finds nothing in a huge text full of markers (its cost is measured by npm run bench -- inputs)', () => {
    const huge = '<tool_call><function=<parameter='.repeat(200_000) + '</parameter></function></tool_call>';
    assert.equal(trailingToolCalls(huge, tools), undefined);
  });

  it('reads up to the most calls one reply may hand over, in order, and leaves a reply with more as text', () => {
    const block = (index: number): string => `<function=read_file><parameter=path>f${index}</parameter></function>`;
    const most = Array.from({ length: maxTextToolCalls }, (_, index) => block(index)).join('\n');
    assert.deepEqual(trailingToolCalls(most, tools)?.calls.map((call) => JSON.parse(call.arguments)), Array.from({ length: maxTextToolCalls }, (_, index) => ({ path: `f${index}` })));
    assert.equal(trailingToolCalls(`${block(-1)}\n${most}`, tools), undefined);
  });

  it('gives up at once on a reply of a hundred thousand calls (the event loop is not held)', function () {
    this.timeout(2_000);
    assert.equal(trailingToolCalls('<function=read_file></function>'.repeat(160_000), tools), undefined);
  });
});

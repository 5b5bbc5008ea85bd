import assert from 'node:assert/strict';
import { z } from 'zod';
import type { AgentHost } from '../../../../src/core/host/host';
import type { ToolCallBlock } from '../../../../src/core/llm/messages';
import { cancelledResult, ToolRegistry } from '../../../../src/core/tools/registry';
import { defineTool, type Tool, type ToolContext } from '../../../../src/core/tools/tool';
import { ToolError } from '../../../../src/core/toolContract/toolError';
import { CommandSession } from '../../../../src/core/tools/builtin/commands/commandSession';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { Workspace } from '../../../../src/core/workspace/workspace';
import type { ExternalTool, ToolSource } from '../../../../src/core/tools/toolSource';

function externalTool(name: string, validate: ExternalTool['validate'] = () => undefined): ExternalTool {
  return {
    name,
    description: `The tool ${name}.`,
    parameters: { type: 'object', properties: { value: { type: 'number' } } },
    readOnly: true,
    kind: 'mcp',
    title: () => name,
    validate,
    async execute(input) {
      return { content: `${name} got ${JSON.stringify(input)}` };
    },
  };
}

function sourceOf(tools: ExternalTool[]): ToolSource & { prepared: number } {
  return { prepared: 0, async prepare() { this.prepared++; }, tools: () => tools };
}

const greetTool = defineTool({
  name: 'greet',
  description: 'Greets someone.',
  inputSchema: z.object({
    name: z.string().describe('Who to greet.'),
    times: z.number().int().min(1).default(1),
  }),
  readOnly: true,
  kind: 'conversation',
  title: () => 'Greeting',
  async execute(input) {
    return { content: `hello ${input.name} x${input.times}`, summary: `Greeted ${input.name}` };
  },
});

function throwingTool(name: string, error: unknown, onStart?: () => void): Tool {
  return defineTool({
    name,
    description: 'Fails.',
    inputSchema: z.object({}),
    readOnly: false,
    kind: 'unknown',
    title: () => name,
    async execute() {
      onStart?.();
      throw error;
    },
  });
}

function call(name: string, args: string): ToolCallBlock {
  return { type: 'tool_call', id: 'id-1', name, arguments: args };
}

describe('ToolRegistry', () => {
  const host: AgentHost = {
    workspaceRoots: ['/nowhere'],
    files: {} as AgentHost['files'],
    changes: {} as AgentHost['changes'],
    searcher: {} as AgentHost['searcher'],
    commands: {} as AgentHost['commands'],
    environment: { platform: 'linux', shell: '/bin/bash', today: () => '2026-01-01' },
  };
  const context = (signal = new AbortController().signal): ToolContext => ({
    host,
    workspace: new Workspace(host),
    signal,
    permissions: new PermissionGate({ settings: new FixedPermissionSettings() }),
    commands: new CommandSession(),
  });
  let registry: ToolRegistry;
  const textOf = async (toolCall: ToolCallBlock, signal?: AbortSignal) => {
    const result = await registry.execute(toolCall, context(signal));
    assert.equal(result.toolCallId, 'id-1');
    assert.equal(result.toolName, toolCall.name);
    return { isError: result.isError, text: result.content.map((block) => (block.type === 'text' ? block.text : '')).join('') };
  };

  beforeEach(() => {
    registry = new ToolRegistry().register(greetTool);
  });

  describe('specs', () => {
    it('gives an object JSON Schema without $schema, defaulted fields optional', () => {
      const [spec] = registry.specs();
      assert.equal(spec?.name, 'greet');
      assert.equal(spec?.description, 'Greets someone.');
      assert.equal(spec?.inputSchema.$schema, undefined);
      assert.equal(spec?.inputSchema.type, 'object');
      assert.deepEqual(spec?.inputSchema.required, ['name']);
      assert.deepEqual(Object.keys(spec?.inputSchema.properties as object), ['name', 'times']);
    });

    it('adds empty properties to an object schema without fields', () => {
      registry.register(throwingTool('empty', new Error('x')));
      assert.deepEqual(registry.specs()[1]?.inputSchema.properties, {});
    });

    it('refuses a duplicate name and a schema that is not an object', () => {
      assert.throws(() => registry.register(greetTool), /already registered/);
      assert.throws(
        () => registry.register(defineTool({ ...greetTool, name: 'bad', inputSchema: z.string(), execute: async () => ({ content: '' }) })),
        /must be an object/,
      );
    });
  });

  it('knows which tools only read', () => {
    registry.register(throwingTool('writer', new Error('x')));
    assert.equal(registry.isReadOnly('greet'), true);
    assert.equal(registry.isReadOnly('writer'), false);
    assert.equal(registry.isReadOnly('unknown'), false);
    assert.equal(registry.get('greet'), greetTool);
  });

  it('runs a valid call and returns its text and summary', async () => {
    const run = await registry.run(call('greet', '{"name":"Ada","times":2}'), context());
    assert.deepEqual(run.result.content, [{ type: 'text', text: 'hello Ada x2' }]);
    assert.equal(run.result.isError, false);
    assert.equal(run.summary, 'Greeted Ada');
  });

  it('names the available tools for an unknown tool', async () => {
    const result = await textOf(call('gret', '{}'));
    assert.equal(result.isError, true);
    assert.match(result.text, /no tool named "gret"/);
    assert.match(result.text, /Available tools: greet/);
  });

  it('explains malformed or cut-off JSON, quoting the start of it', async () => {
    const result = await textOf(call('greet', '{"name": "Ada", "times'));
    assert.equal(result.isError, true);
    assert.match(result.text, /not valid JSON/);
    assert.match(result.text, /cut off/);
    assert.match(result.text, /output token limit/);
    assert.ok(result.text.includes('{"name": "Ada", "times'));
    assert.match(result.text, /smaller/);
  });

  it('quotes only the start of long malformed arguments', async () => {
    const result = await textOf(call('greet', `{"name": "${'x'.repeat(5000)}`));
    assert.ok(result.text.length < 1000, `too long: ${result.text.length}`);
    assert.match(result.text, /Received 5010 characters/);
  });

  it('takes empty arguments as {} and unwraps a JSON-encoded object', async () => {
    registry.register(defineTool({ ...greetTool, name: 'noargs', inputSchema: z.object({}), execute: async () => ({ content: 'ran' }) }));
    assert.deepEqual(await textOf(call('noargs', '')), { isError: false, text: 'ran' });
    assert.deepEqual(await textOf(call('greet', JSON.stringify('{"name":"Bo"}'))), { isError: false, text: 'hello Bo x1' });
  });

  it('lists every schema violation with its path, and unknown parameters', async () => {
    const result = await textOf(call('greet', '{"nam":"Ada","times":0}'));
    assert.equal(result.isError, true);
    assert.match(result.text, /Invalid arguments for greet/);
    assert.match(result.text, /- name: missing \(required, string\)/);
    assert.match(result.text, /- times: .*>=1/);
    assert.match(result.text, /not parameters of greet: nam/);
  });

  it('gives a ToolError\'s message as it is and names the tool for other failures', async () => {
    registry.register(throwingTool('told', new ToolError('Do it differently.')));
    registry.register(throwingTool('crashed', new TypeError('boom')));
    assert.deepEqual(await textOf(call('told', '{}')), { isError: true, text: 'Do it differently.' });
    assert.deepEqual(await textOf(call('crashed', '{}')), { isError: true, text: 'Tool crashed failed: boom' });
  });

  it('reports cancellation before and during a call', async () => {
    const controller = new AbortController();
    controller.abort();
    const before = await textOf(call('greet', '{"name":"Ada"}'), controller.signal);
    assert.deepEqual(before, { isError: true, text: 'greet was cancelled by the user.' });

    const during = new AbortController();
    registry.register(throwingTool('slow', new Error('aborted'), () => during.abort()));
    assert.deepEqual(await textOf(call('slow', '{}'), during.signal), { isError: true, text: 'slow was cancelled by the user.' });
  });

  it('makes error results for calls that never ran', () => {
    assert.deepEqual(cancelledResult(call('greet', '{}'), 'Skipped: an earlier call failed.'), {
      type: 'tool_result',
      toolCallId: 'id-1',
      toolName: 'greet',
      content: [{ type: 'text', text: 'Skipped: an earlier call failed.' }],
      isError: true,
    });
    assert.match((cancelledResult(call('greet', '{}')).content[0] as { text: string }).text, /cancelled by the user/);
  });

  it('adds a source\'s tools after the built-in ones, runs them after their own check, and prepares the source', async () => {
    const source = sourceOf([externalTool('mcp__a__double', (input) => (typeof (input as { value?: unknown }).value === 'number' ? undefined : 'arguments/value must be number')), externalTool('greet')]);
    registry.addSource(source);
    await registry.prepare(new AbortController().signal);
    assert.equal(source.prepared, 1);
    assert.deepEqual(registry.specs().map((spec) => spec.name), ['greet', 'mcp__a__double'], 'a source cannot shadow a built-in tool');
    assert.deepEqual(await textOf(call('mcp__a__double', '{"value": 2}')), { isError: false, text: 'mcp__a__double got {"value":2}' });
    assert.deepEqual(await textOf(call('mcp__a__double', '{"value": "x"}')), { isError: true, text: 'Invalid arguments for mcp__a__double: arguments/value must be number. Fix them and call mcp__a__double again.' });
    assert.match((await textOf(call('mcp__a__double', '[1]'))).text, /must be a JSON object/);
  });

  it('never offers more than 128 tools, leaving out the last of the sources\' tools', () => {
    registry.addSource(sourceOf(Array.from({ length: 200 }, (_, index) => externalTool(`mcp__many__t${index}`))));
    const names = registry.specs().map((spec) => spec.name);
    assert.equal(names.length, 128);
    assert.equal(names[0], 'greet');
    assert.equal(names.at(-1), 'mcp__many__t126');
  });
});

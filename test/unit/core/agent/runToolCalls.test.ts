import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { AssistantMessage, ToolCallBlock, ToolResultsMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import type { ExternalTool, ToolSource } from '../../../../src/core/tools/toolSource';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function reply(content: AssistantMessage['content']): ProviderEvent[] {
  return [{ type: 'done', message: { role: 'assistant', content, stopReason: content.some((block) => block.type === 'tool_call') ? 'tool_use' : 'end_turn', provider: 'scripted', model: 'm' } }];
}

function call(name: string, id: string): ToolCallBlock {
  return { type: 'tool_call', id, name, arguments: '{}' };
}

/** A server's tools as a source: calling `add_tool` adds `added`, as a server announcing a changed list would. */
class GrowingSource implements ToolSource {
  readonly ran: string[] = [];
  private readonly list: ExternalTool[] = [this.tool('mcp__growing__add_tool', () => this.list.push(this.tool('mcp__growing__added', () => undefined)))];

  prepare(): Promise<void> {
    return Promise.resolve();
  }

  tools(): readonly ExternalTool[] {
    return this.list;
  }

  private tool(name: string, effect: () => unknown): ExternalTool {
    return {
      name,
      kind: 'mcp',
      title: () => name,
      description: `The ${name} tool.`,
      parameters: { type: 'object', properties: {} },
      readOnly: false,
      validate: () => undefined,
      execute: () => {
        this.ran.push(name);
        effect();
        return Promise.resolve({ content: `${name} ran` });
      },
    };
  }
}

describe('tool calls of a run', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;
  let source: GrowingSource;
  let session: AgentSession;
  let events: AgentEvent[];

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    provider = new ScriptedProvider();
    source = new GrowingSource();
    const registry = new ToolRegistry().addSource(source);
    for (const tool of builtinTools()) registry.register(tool);
    session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 'sys', registry }) });
    events = [];
  });
  afterEach(() => ws.cleanup());

  it('does not run a tool added during the run, which the model was not offered, and offers and runs it from the next message', async () => {
    provider.enqueue(
      reply([call('mcp__growing__add_tool', 'c1')]),
      reply([call('mcp__growing__added', 'c2')]),
      reply([{ type: 'text', text: 'It is not there yet.' }]),
    );
    const first = await session.send('add a tool and use it', (event) => void events.push(event));
    assert.equal(first.reason, 'completed');
    assert.deepEqual(source.ran, ['mcp__growing__add_tool']);
    const refused = (session.messages[4] as ToolResultsMessage).results[0];
    assert.equal(refused?.isError, true);
    assert.match(refused?.content[0]?.type === 'text' ? refused.content[0].text : '', /^mcp__growing__added was not run: the tool was added after this request began/);
    assert.ok(events.some((event) => event.type === 'tool_result' && event.id === 'c2' && event.isError && /was added after this request began/.test(event.summary)));
    for (const request of provider.requests) assert.ok(!request.tools.some((tool) => tool.name === 'mcp__growing__added'));

    provider.enqueue(reply([call('mcp__growing__added', 'c3')]), reply([{ type: 'text', text: 'Done.' }]));
    assert.equal((await session.send('use it now', () => undefined)).reason, 'completed');
    assert.ok(provider.requests.at(-1)?.tools.some((tool) => tool.name === 'mcp__growing__added'));
    assert.deepEqual(source.ran, ['mcp__growing__add_tool', 'mcp__growing__added']);
  });

  it('still names the tools there are when the model calls one no tool has', async () => {
    provider.enqueue(reply([call('mcp__growing__missing', 'c1')]), reply([{ type: 'text', text: 'ok' }]));
    await session.send('go', () => undefined);
    const result = (session.messages[2] as ToolResultsMessage).results[0];
    assert.match(result?.content[0]?.type === 'text' ? result.content[0].text : '', /There is no tool named "mcp__growing__missing"\. Available tools: .*mcp__growing__add_tool/);
  });
});

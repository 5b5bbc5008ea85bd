import assert from 'node:assert/strict';
import { z } from 'zod';
import { TerminalRenderer } from '../../../../src/cli/terminalRenderer';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { AssistantMessage, ToolCallBlock } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { defineTool } from '../../../../src/core/tools/tool';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** A tool defined here and nowhere else: adding a tool takes its definition only. */
const forecastTool = defineTool({
  name: 'forecast',
  description: 'The weather forecast for a city.',
  inputSchema: z.object({ units: z.enum(['metric', 'imperial']), city: z.string() }),
  readOnly: true,
  kind: 'search',
  subjectArgument: 'city',
  title: (input) => (typeof input.city === 'string' ? `Forecasting ${input.city}` : 'Forecasting'),
  execute: (input) => Promise.resolve({ content: `Sunny in ${input.city}.`, summary: `Forecast for ${input.city}` }),
});

function reply(content: AssistantMessage['content']): ProviderEvent[] {
  const starts = content.flatMap((block): ProviderEvent[] => (block.type === 'tool_call' ? [{ type: 'tool_call_start', id: block.id, name: block.name }] : []));
  return [...starts, { type: 'done', message: { role: 'assistant', content, stopReason: 'end_turn', provider: 'scripted', model: 'm' } }];
}

describe('a tool defined in one place', () => {
  let workspace: TempWorkspace;
  beforeEach(async () => {
    workspace = await createTempWorkspace({});
  });
  afterEach(() => workspace.cleanup());

  it('brings its title, kind and subject to the tool events, the chat card and the CLI line', async () => {
    const provider = new ScriptedProvider();
    const session = new AgentSession({ host: workspace.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 'sys', registry: new ToolRegistry().register(forecastTool) }) });
    const call: ToolCallBlock = { type: 'tool_call', id: 'c1', name: 'forecast', arguments: JSON.stringify({ units: 'metric', city: 'Oslo' }) };
    provider.enqueue(reply([call]), reply([{ type: 'text', text: 'Sunny.' }]));
    const events: AgentEvent[] = [];
    await session.send('weather in Oslo?', (event) => void events.push(event));

    assert.deepEqual(events.find((event) => event.type === 'tool_call_start'), { type: 'tool_call_start', id: 'c1', name: 'forecast', title: 'Forecasting', kind: 'search' });
    const announced = events.find((event) => event.type === 'tool_call');
    assert.equal(announced?.title, 'Forecasting Oslo');
    assert.equal(announced.kind, 'search');
    assert.equal(announced.subject, 'Oslo');

    const transcript = new ChatTranscript([], () => 'id');
    for (const event of events) transcript.apply(event);
    const card = transcript.items.find((item) => item.kind === 'tool');
    assert.equal(card?.toolKind, 'search');

    const lines: string[] = [];
    const renderer = new TerminalRenderer({ stdout: () => undefined, stderr: (text) => lines.push(text) }, { streamText: false, labelAnswers: false, color: false });
    for (const event of events) renderer.handle(event);
    assert.equal(lines.join(''), '✓ forecast(Oslo)\n');
  });
});

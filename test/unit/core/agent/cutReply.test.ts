import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { ModelLimits } from '../../../../src/core/llm/modelCatalog';
import { AnthropicProvider } from '../../../../src/core/llm/providers/anthropicProvider';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { capturingFetch, sseResponse, type CapturingFetch } from '../llm/providers/recordedStream';

type Block = { kind: 'text'; text: string } | { kind: 'tool'; name: string; input?: string };

/** A Messages API stream as the server sends it: each block opened, its deltas (if any), closed. */
function anthropicStream(blocks: Block[], stopReason: string): () => Response {
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const events: Array<Record<string, unknown>> = [
    { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage } },
  ];
  blocks.forEach((block, index) => {
    if (block.kind === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else {
      events.push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: block.name, input: {} } });
      if (block.input !== undefined) events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: block.input } });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } });
  events.push({ type: 'message_stop' });
  return sseResponse(events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
}

const limits: ModelLimits = { contextWindow: 100_000, maxOutputTokens: 4_000, known: true, prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } };

describe('a reply cut short', () => {
  let ws: TempWorkspace;
  let server: CapturingFetch;
  let events: AgentEvent[];

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    events = [];
  });
  afterEach(() => ws.cleanup());

  function session(withLimits: boolean, ...streams: Array<() => Response>): AgentSession {
    server = capturingFetch(...streams);
    const provider = new AnthropicProvider({ apiKey: 'k', fetch: server.fetch });
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'anthropic', model: 'claude-test' }, system: 's', registry, ...(withLimits && { limits }) }) });
  }

  const ran = (name: string): boolean => events.some((event) => event.type === 'tool_call' && event.name === name);
  const resultOf = (name: string): Extract<AgentEvent, { type: 'tool_result' }> | undefined =>
    events.find((event): event is Extract<AgentEvent, { type: 'tool_result' }> => event.type === 'tool_result' && event.name === name);

  it('never runs a tool call the output limit cut before its input arrived, and tells the model to send it again', async () => {
    const agent = session(false, anthropicStream([{ kind: 'text', text: 'Let me look.' }, { kind: 'tool', name: 'list_files' }], 'max_tokens'), anthropicStream([{ kind: 'text', text: 'Done.' }], 'end_turn'));
    const outcome = await agent.send('what is here?', (event) => events.push(event));
    assert.deepEqual(outcome, { reason: 'completed', text: 'Done.' });
    assert.equal(ran('list_files'), false);
    assert.equal(resultOf('list_files')?.isError, true);
    assert.match(resultOf('list_files')?.text ?? '', /^Not run: .*output limit.*Send it again/);
    assert.equal(server.bodies.length, 2);
  });

  it('never runs the last call of a reply the context window cut, though its arguments parse, and runs the whole calls before it', async () => {
    const agent = session(
      true,
      anthropicStream([{ kind: 'tool', name: 'read_file', input: '{"path": "a.txt"}' }, { kind: 'tool', name: 'list_files' }], 'model_context_window_exceeded'),
      anthropicStream([{ kind: 'text', text: 'A summary.' }], 'end_turn'),
      anthropicStream([{ kind: 'text', text: 'Done.' }], 'end_turn'),
    );
    await agent.send('read a.txt, then list the files', (event) => events.push(event));
    assert.equal(ran('read_file'), true);
    assert.match(resultOf('read_file')?.text ?? '', /alpha/);
    assert.equal(ran('list_files'), false);
    assert.match(resultOf('list_files')?.text ?? '', /^Not run: .*context window/);
  });
});

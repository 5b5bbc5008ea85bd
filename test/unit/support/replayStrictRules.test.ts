import assert from 'node:assert/strict';
import { startReplayServer, type ReplayProvider, type ReplayServer } from '../../support/replay/replayServer';

let server: ReplayServer;

async function chat(provider: ReplayProvider, body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  server = await startReplayServer({ provider });
  const response = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.apiKey}` },
    body: JSON.stringify({ model: 'm', stream: true, ...body }),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

const ask = { role: 'user', content: 'Weather?' };
const call = (id: string): Record<string, unknown> => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'weather', arguments: '{}' } }] });
const result = (id: string): Record<string, unknown> => ({ role: 'tool', tool_call_id: id, content: '18°C' });

describe('replay server: what Mistral and OpenAI refuse', () => {
  afterEach(async () => {
    await server.close();
  });

  it('answers Mistral\'s 422 extra_forbidden for stream_options, as recorded', async () => {
    const { status, json } = await chat('mistral', { messages: [ask], stream_options: { include_usage: true } });
    assert.equal(status, 422);
    assert.deepEqual(json, { detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options', 'include_usage'], msg: 'Extra inputs are not permitted', input: true }] });
  });

  it('lists every unknown field, also inside messages and tool calls', async () => {
    const assistant = { ...call('gSIMJiOkT'), reasoning_content: '' };
    const { status, json } = await chat('mistral', { messages: [ask, assistant, result('gSIMJiOkT')], max_completion_tokens: 10 });
    assert.equal(status, 422);
    const locations = (json as { detail: Array<{ loc: unknown[] }> }).detail.map((error) => error.loc.join('.'));
    assert.deepEqual(locations, ['body.max_completion_tokens', 'body.messages.1.assistant.reasoning_content']);
  });

  it('refuses a tool call id that is not nine letters and digits, with Mistral\'s message', async () => {
    const { status, json } = await chat('mistral', { messages: [ask, call('call_ZR5UUuTt3pf61kjwAJIYdVMj'), result('call_ZR5UUuTt3pf61kjwAJIYdVMj')] });
    assert.equal(status, 400);
    assert.equal((json as { message: string }).message, 'Tool call id was call_ZR5UUuTt3pf61kjwAJIYdVMj but must be a-z, A-Z, 0-9, with a length of 9.');
  });

  it('refuses a user message right after tool results on Mistral', async () => {
    const { status, json } = await chat('mistral', { messages: [ask, call('gSIMJiOkT'), result('gSIMJiOkT'), ask] });
    assert.equal(status, 400);
    assert.equal((json as { type: string }).type, 'invalid_request_message_order');
  });

  it('refuses on OpenAI a tool call id over 40 characters and a field it does not define', async () => {
    const long = 'ws_689e2d4880a0819d98acca37694989b00b15d90494fc6b87';
    const tooLong = await chat('openai', { messages: [ask, call(long), result(long)] });
    assert.equal(tooLong.status, 400);
    assert.match(JSON.stringify(tooLong.json), /string too long. Expected a string with maximum length 40, but got a string with length 51 instead/);
    await server.close();
    const extra = await chat('openai', { messages: [ask, { ...call('call_1'), reasoning_content: 'x' }, result('call_1')] });
    assert.equal(extra.status, 400);
    assert.match(JSON.stringify(extra.json), /Additional properties are not allowed \('reasoning_content' was unexpected\)/);
  });
});

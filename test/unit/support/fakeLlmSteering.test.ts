import assert from 'node:assert/strict';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../support/fakeLlmServer';

/**
 * A message the user steers into a run must wait for the tool results: the fake server refuses it
 * inside a tool-call pairing with each API's own 400, and takes it right after the results.
 */
describe('fake LLM server: a steering message and tool-call pairings', () => {
  let server: FakeLlmServer;
  beforeEach(async () => {
    server = await startFakeLlmServer();
  });
  afterEach(() => server.close());

  async function post(path: string, body: object): Promise<{ status: number; message: string }> {
    server.enqueue({ kind: 'reply', content: [text('ok')] });
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.apiKey}`, 'x-api-key': server.apiKey, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(body),
    });
    const parsed = await response.json() as { error?: { message?: string } };
    return { status: response.status, message: parsed.error?.message ?? '' };
  }

  const steer = 'stop, use the other file';

  describe('OpenAI chat completions', () => {
    const calls = { role: 'assistant', content: null, tool_calls: [1, 2].map((n) => ({ id: `call_${n}`, type: 'function', function: { name: 'read_file', arguments: '{}' } })) };
    const result = (n: number): object => ({ role: 'tool', tool_call_id: `call_${n}`, content: 'contents' });
    const send = (...messages: object[]): Promise<{ status: number; message: string }> =>
      post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'read' }, calls, ...messages] });

    it('rejects a steering message between the tool calls and their results', async () => {
      const answer = await send({ role: 'user', content: steer }, result(1), result(2));
      assert.equal(answer.status, 400);
      assert.match(answer.message, /An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\. The following tool_call_ids did not have response messages: call_1, call_2/);
    });

    it('rejects a steering message between two of the results', async () => {
      const answer = await send(result(1), { role: 'user', content: steer }, result(2));
      assert.equal(answer.status, 400);
      assert.match(answer.message, /did not have response messages: call_2/);
    });

    it('takes a steering message after all the results', async () => {
      assert.equal((await send(result(1), result(2), { role: 'user', content: steer })).status, 200);
      assert.deepEqual(server.violations, []);
    });
  });

  describe('Anthropic messages', () => {
    const uses = { role: 'assistant', content: [1, 2].map((n) => ({ type: 'tool_use', id: `toolu_${n}`, name: 'read_file', input: {} })) };
    const result = (n: number): object => ({ type: 'tool_result', tool_use_id: `toolu_${n}`, content: 'contents' });
    const send = (...messages: object[]): Promise<{ status: number; message: string }> =>
      post('/v1/messages', { model: 'm', max_tokens: 100, messages: [{ role: 'user', content: 'read' }, uses, ...messages] });

    it('rejects a steering text before the tool results in the user turn', async () => {
      const answer = await send({ role: 'user', content: [{ type: 'text', text: steer }, result(1), result(2)] });
      assert.equal(answer.status, 400);
      assert.match(answer.message, /^messages\.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1, toolu_2\. Each `tool_use` block must have a corresponding `tool_result` block in the next message\.$/);
    });

    it('rejects a steering text between two of the results', async () => {
      const answer = await send({ role: 'user', content: [result(1), { type: 'text', text: steer }, result(2)] });
      assert.equal(answer.status, 400);
      assert.match(answer.message, /without `tool_result` blocks immediately after: toolu_2/);
    });

    it('takes a steering text after all the results, in the same user turn', async () => {
      assert.equal((await send({ role: 'user', content: [result(1), result(2), { type: 'text', text: steer }] })).status, 200);
      assert.deepEqual(server.violations, []);
    });
  });
});

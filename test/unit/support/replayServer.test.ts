import assert from 'node:assert/strict';
import { loadRecording, recordingJson } from '../../support/replay/recording';
import { startReplayServer, type ReplayProvider, type ReplayServer } from '../../support/replay/replayServer';

type Json = Record<string, unknown>;
type Message = Record<string, unknown> & { role: string; content?: unknown };

let server: ReplayServer;

async function start(provider: ReplayProvider): Promise<ReplayServer> {
  server = await startReplayServer({ provider });
  return server;
}

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; contentType: string | null; bytes: Buffer }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

const openaiAuth = (): Record<string, string> => ({ authorization: `Bearer ${server.apiKey}` });
const anthropicAuth = (): Record<string, string> => ({ 'x-api-key': server.apiKey, 'anthropic-version': '2023-06-01' });
const chat = (body: unknown): ReturnType<typeof post> => post('/v1/chat/completions', body, openaiAuth());
const messages = (body: unknown): ReturnType<typeof post> => post('/v1/messages', body, anthropicAuth());

/** A recorded request body (the accepted-request fixtures), deep-copied so a test may break it. */
function recordedRequest(name: string): Json & { messages: Message[] } {
  return structuredClone(recordingJson(loadRecording(name))) as Json & { messages: Message[] };
}

describe('replay server', () => {
  // Inside the describe, so the hook stays out of other test files run in the same process.
  afterEach(async () => {
    await server.close();
  });

  describe('serving recordings', () => {
    it('serves a stream byte for byte with its recorded status and content type, comment lines included', async () => {
      await start('openrouter');
      server.play('openrouter/reasoning-stream.sse');
      const recording = loadRecording('openrouter/reasoning-stream.sse');
      const reply = await chat({ model: 'openai/o3', stream: true, messages: [{ role: 'user', content: 'Who are you' }] });
      assert.equal(reply.status, 200);
      assert.equal(reply.contentType, recording.contentType);
      assert.ok(reply.bytes.equals(recording.body));
      assert.match(reply.bytes.toString('utf8'), /^: OPENROUTER PROCESSING\n\n/);
    });

    it('serves a recorded error body with its recorded status', async () => {
      await start('gemini');
      server.play('gemini/error-missing-thought-signature.json');
      const reply = await chat({ model: 'gemini-3-pro-preview', messages: [{ role: 'user', content: 'hi' }] });
      assert.equal(reply.status, 400);
      assert.ok(reply.bytes.equals(loadRecording('gemini/error-missing-thought-signature.json').body));
    });

    it('plays the queued recordings in order, then refuses and records the request that found none', async () => {
      await start('anthropic');
      server.play('anthropic/refusal.sse', 'anthropic/redacted-thinking.sse');
      const request = { model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, messages: [{ role: 'user', content: 'hi' }] };
      assert.ok((await messages(request)).bytes.equals(loadRecording('anthropic/refusal.sse').body));
      assert.ok((await messages(request)).bytes.equals(loadRecording('anthropic/redacted-thinking.sse').body));
      const third = await messages(request);
      assert.equal(third.status, 500);
      assert.deepEqual(server.violations, ['a request arrived with no recording left to play']);
    });

    it('refuses a wrong key as the provider does, serving nothing', async () => {
      await start('vllm');
      server.play('vllm/tool-call.sse');
      const reply = await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { authorization: 'Bearer wrong' });
      assert.equal(reply.status, 401);
      assert.equal(server.pending(), 1);
    });
  });

  describe('DeepSeek thinking mode', () => {
    it('accepts the recorded tool-loop request that carries reasoning_content on every assistant turn', async () => {
      await start('deepseek');
      server.play('deepseek/thinking-answer.sse');
      const reply = await chat(recordedRequest('deepseek/tool-loop-request-accepted.json'));
      assert.equal(reply.status, 200);
      assert.deepEqual(server.violations, []);
    });

    it('refuses with DeepSeek\'s 400 when an assistant turn of the tool loop lacks reasoning_content', async () => {
      await start('deepseek');
      server.play('deepseek/thinking-answer.sse');
      const request = recordedRequest('deepseek/tool-loop-request-accepted.json');
      delete request.messages[5]?.reasoning_content;
      const reply = await chat(request);
      assert.equal(reply.status, 400);
      assert.deepEqual(JSON.parse(reply.bytes.toString('utf8')), {
        error: { message: 'The `reasoning_content` in the thinking mode must be passed back to the API.', type: 'invalid_request_error', param: null, code: 'invalid_request_error' },
      });
      assert.equal(server.pending(), 1);
      assert.match(server.violations[0] ?? '', /^deepseek-thinking-reasoning-content: .*api-docs\.deepseek\.com/);
    });

    it('does not ask for reasoning_content when thinking is disabled or no tool was called', async () => {
      await start('deepseek');
      server.play('deepseek/thinking-answer.sse', 'deepseek/thinking-answer.sse');
      const disabled = recordedRequest('deepseek/tool-loop-request-accepted.json');
      for (const message of disabled.messages) delete message.reasoning_content;
      assert.equal((await chat({ ...disabled, thinking: { type: 'disabled' } })).status, 200);
      const plain = { model: 'deepseek-reasoner', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user', content: 'c' }] };
      assert.equal((await chat(plain)).status, 200);
    });
  });

  describe('Gemini thought signatures', () => {
    const call = (signature?: string): Json => ({
      id: 'function-call-1',
      type: 'function',
      function: { name: 'read_file', arguments: '{"path":"a.txt"}' },
      ...(signature === undefined ? {} : { extra_content: { google: { thought_signature: signature } } }),
    });
    const loop = (signature?: string): Json => ({
      model: 'gemini-3-pro-preview',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'read a.txt' },
        { role: 'assistant', content: null, tool_calls: [call(signature)] },
        { role: 'tool', tool_call_id: 'function-call-1', content: 'hello' },
      ],
    });

    it('accepts a current-turn function call that carries its signature', async () => {
      await start('gemini');
      server.play('deepseek/thinking-answer.sse');
      assert.equal((await chat(loop('CvcQAdHN2Oek'))).status, 200);
      assert.deepEqual(server.violations, []);
    });

    it('refuses one without it with Gemini\'s array-shaped 400', async () => {
      await start('gemini');
      server.play('deepseek/thinking-answer.sse');
      const reply = await chat(loop());
      assert.equal(reply.status, 400);
      const body = JSON.parse(reply.bytes.toString('utf8')) as Array<{ error: { code: number; message: string; status: string } }>;
      assert.ok(Array.isArray(body));
      assert.equal(body[0]?.error.status, 'INVALID_ARGUMENT');
      assert.match(body[0]?.error.message ?? '', /^Function call is missing a thought_signature in functionCall parts\..*`default_api:read_file`/);
    });

    it('does not check function calls of earlier turns', async () => {
      await start('gemini');
      server.play('deepseek/thinking-answer.sse');
      const request = loop() as { messages: Json[] };
      request.messages.push({ role: 'assistant', content: 'It says hello.' }, { role: 'user', content: 'thanks' });
      assert.equal((await chat(request)).status, 200);
    });
  });

  describe('Anthropic thinking', () => {
    async function afterServedToolUse(): Promise<void> {
      await start('anthropic');
      server.play('anthropic/tool-use-with-thinking.json', 'anthropic/thinking-text.sse');
      const first = recordedRequest('anthropic/tool-loop-request-accepted.json');
      first.messages = first.messages.slice(0, 1);
      assert.equal((await messages(first)).status, 200);
    }

    it('accepts the recorded follow-up that passes the thinking block back unchanged', async () => {
      await afterServedToolUse();
      const reply = await messages(recordedRequest('anthropic/tool-loop-request-accepted.json'));
      assert.equal(reply.status, 200, reply.bytes.toString('utf8'));
      assert.deepEqual(server.violations, []);
    });

    it('refuses the follow-up without its thinking block', async () => {
      await afterServedToolUse();
      const request = recordedRequest('anthropic/tool-loop-request-accepted.json');
      const assistant = request.messages[1] as Message & { content: Array<{ type: string }> };
      assistant.content = assistant.content.filter((block) => block.type !== 'thinking');
      const reply = await messages(request);
      assert.equal(reply.status, 400);
      assert.match(reply.bytes.toString('utf8'), /Expected `thinking` or `redacted_thinking`/);
    });

    it('refuses a thinking block whose text was changed', async () => {
      await afterServedToolUse();
      const request = recordedRequest('anthropic/tool-loop-request-accepted.json');
      const thinking = (request.messages[1] as Message & { content: Array<{ type: string; thinking?: string }> }).content[0];
      if (thinking) thinking.thinking = `${thinking.thinking ?? ''} `;
      const reply = await messages(request);
      assert.equal(reply.status, 400);
      assert.match(reply.bytes.toString('utf8'), /Invalid `signature` in `thinking` block/);
    });

    it('accepts served redacted thinking back, and refuses altered data', async () => {
      await start('anthropic');
      server.play('anthropic/redacted-thinking.sse', 'anthropic/thinking-text.sse', 'anthropic/thinking-text.sse');
      const ask = { model: 'claude-sonnet-4-5', max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, stream: true, messages: [{ role: 'user', content: 'hi' }] };
      await messages(ask);
      const data = /"type":"redacted_thinking","data":"([^"]+)"/.exec(loadRecording('anthropic/redacted-thinking.sse').body.toString('utf8'))?.[1] ?? '';
      const followUp = (redacted: string): Json => ({
        ...ask,
        messages: [...ask.messages, { role: 'assistant', content: [{ type: 'redacted_thinking', data: redacted }, { type: 'text', text: 'Hello.' }] }, { role: 'user', content: 'again' }],
      });
      assert.equal((await messages(followUp(data))).status, 200);
      const altered = await messages(followUp(`${data.slice(0, -4)}AAAA`));
      assert.equal(altered.status, 400);
      assert.match(altered.bytes.toString('utf8'), /Invalid `data` in `redacted_thinking` block/);
    });
  });

  describe('OpenRouter reasoning_details', () => {
    const answer = 'I’m ChatGPT, a large-language-model assistant created by OpenAI.';

    async function followUp(assistant: Json): Promise<number> {
      await start('openrouter');
      server.play('openrouter/reasoning-stream.sse', 'openrouter/reasoning-stream.sse');
      await chat({ model: 'openai/o3', stream: true, messages: [{ role: 'user', content: 'Who are you' }] });
      const served = loadRecording('openrouter/reasoning-stream.sse').body.toString('utf8');
      const content = [...served.matchAll(/"delta":\{"role":"assistant","content":"((?:[^"\\]|\\.)*)"\}/g)].map((m) => JSON.parse(`"${m[1] ?? ''}"`) as string).join('');
      assert.ok(content.startsWith(answer.slice(0, 10)), content);
      const reply = await chat({ model: 'openai/o3', stream: true, messages: [{ role: 'user', content: 'Who are you' }, { role: 'assistant', content, ...assistant }, { role: 'user', content: 'and?' }] });
      return reply.status;
    }

    it('records no break when the assistant message carries its reasoning_details back', async () => {
      const served = loadRecording('openrouter/reasoning-stream.sse').body.toString('utf8');
      const data = /"reasoning_details":\[\{"type":"reasoning\.encrypted","data":"([^"]+)"/.exec(served)?.[1];
      const detail = JSON.parse(/"reasoning_details":(\[\{"type":"reasoning\.encrypted".*?\}\])/.exec(served)?.[1] ?? '[]') as Json[];
      assert.ok(data);
      assert.equal(await followUp({ reasoning_details: detail }), 200);
      assert.deepEqual(server.violations, []);
    });

    it('answers as OpenRouter does but records the break when they are dropped', async () => {
      assert.equal(await followUp({}), 200);
      assert.equal(server.violations.length, 1);
      assert.match(server.violations[0] ?? '', /^openrouter-reasoning-details: .*openrouter\.ai\/docs/);
    });
  });
});

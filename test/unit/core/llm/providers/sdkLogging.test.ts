import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../../../src/core/llm/provider';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { collect, errorOf, sseFetch } from './streamHelpers';

const request: ChatRequest = { model: 'm', system: 'You are Elbow.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }], tools: [] };

/** What the SDKs print on `console` while `run` runs; nothing reaches the real console. */
async function consoleOutput(run: () => Promise<unknown>): Promise<string[]> {
  const printed: string[] = [];
  const methods = ['log', 'info', 'debug', 'warn', 'error'] as const;
  const saved = { ...console };
  for (const method of methods) console[method] = (...values: unknown[]): void => void printed.push(values.map(String).join(' '));
  try {
    await run();
  } finally {
    for (const method of methods) console[method] = saved[method];
  }
  return printed;
}

// The SDKs' own log would print a server's raw words on the user's terminal; the error is Elbow's to show.
describe('the provider SDKs log nothing of their own', () => {
  it('OpenAI: a stream line that is not JSON becomes an error, with nothing printed', async () => {
    let events: Awaited<ReturnType<typeof collect>> = [];
    // Made inside: an SDK binds the console's methods when it makes a client.
    const printed = await consoleOutput(async () => (events = await collect(new OpenAIProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', fetch: sseFetch('data: \x1b[2J not json\n\n') }).stream(request))));
    assert.deepEqual(printed, []);
    assert.ok(errorOf(events));
  });

  it('Anthropic: a stream event that is not JSON becomes an error, with nothing printed', async () => {
    let events: Awaited<ReturnType<typeof collect>> = [];
    // Made inside: an SDK binds the console's methods when it makes a client.
    const printed = await consoleOutput(async () => (events = await collect(new AnthropicProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', fetch: sseFetch('event: message_start\ndata: \x1b[2J not json\n\n') }).stream(request))));
    assert.deepEqual(printed, []);
    assert.ok(errorOf(events));
  });
});

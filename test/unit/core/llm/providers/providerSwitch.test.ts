import assert from 'node:assert/strict';
import type { Message } from '../../../../../src/core/llm/messages';
import { startReplayServer, type ReplayServer } from '../../../../support/replay/replayServer';
import { conversationFrom, models, providerAt, switchProviders, tools, type SwitchProvider } from './switchConversation';
import { collect } from './streamHelpers';

/**
 * The answer each provider's replay server sends once it accepts the request. Gemini has no public
 * streamed recording (test/fixtures/recordings/README.md), so its server answers with OpenAI's bytes,
 * the same wire format: what is checked there is the request, by Gemini's rules.
 */
const answers: Record<SwitchProvider, string> = {
  openai: 'openai/answer-after-tool.sse',
  anthropic: 'anthropic/thinking-text.sse',
  deepseek: 'deepseek/thinking-answer.sse',
  gemini: 'openai/answer-after-tool.sse',
  mistral: 'mistral/text-answer.sse',
  ollama: 'ollama/text-answer.sse',
};
const followUp: Message = { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] };

describe('a conversation moved to another provider', function () {
  this.timeout(30_000);
  const conversations = new Map<SwitchProvider, Message[]>();
  const servers: ReplayServer[] = [];
  const serverFor = async (provider: SwitchProvider): Promise<ReplayServer> => {
    const server = await startReplayServer({ provider });
    servers.push(server);
    return server;
  };

  before(async () => {
    for (const provider of switchProviders) conversations.set(provider, await conversationFrom(provider, await serverFor(provider)));
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  for (const from of switchProviders) {
    for (const to of switchProviders.filter((provider) => provider !== from)) {
      it(`from ${from} to ${to}: the next request, mid tool loop and after a new question, is accepted`, async () => {
        const server = await serverFor(to);
        const history = conversations.get(from);
        assert.ok(history);
        const provider = providerAt(to, server);
        for (const messages of [history, [...history, followUp]]) {
          server.play(answers[to]);
          const events = await collect(provider.stream({ model: models[to], system: 'You are terse.', messages, tools }));
          const error = events.find((event) => event.type === 'error');
          assert.equal(error, undefined, `${from} → ${to}: ${JSON.stringify(error)}`);
          assert.deepEqual(server.violations, []);
        }
        assert.equal(server.requests.length, 2);
      });
    }
  }
});

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { UserMessage } from '../../../../src/core/llm/messages';
import { createNodeHost } from '../../../../src/node/createNodeHost';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { pngImage } from '../../../support/pngImage';

const png = pngImage(300, 200).toString('base64');
const content: UserMessage['content'] = [{ type: 'image', mediaType: 'image/png', data: png }, { type: 'text', text: 'What is wrong in this screenshot?' }];

describe('a user message with an image', function () {
  this.timeout(10_000);
  let server: FakeLlmServer;
  let root: string;

  beforeEach(async () => {
    server = await startFakeLlmServer();
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-image-'));
  });

  afterEach(async () => {
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  async function sendWith(provider: 'openai' | 'anthropic', model: string): Promise<{ events: AgentEvent[]; outcome: unknown }> {
    const baseUrl = provider === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
    const session = await createAgentSession({ host: await createNodeHost([root]), settings: { provider, model, baseUrl }, apiKey: server.apiKey });
    const events: AgentEvent[] = [];
    const outcome = await session.send(content, (event) => events.push(event));
    await session.dispose();
    return { events, outcome };
  }

  it('reaches OpenAI Chat Completions as an image_url part with a data URL', async () => {
    server.enqueue({ kind: 'reply', content: [text('A red error badge.')] });
    const { outcome } = await sendWith('openai', 'gpt-4.1');
    assert.deepEqual(server.violations, []);
    assert.equal((outcome as { reason: string }).reason, 'completed');
    const body = server.requests[0]?.body as { messages: Array<{ role: string; content: unknown }> };
    const user = body.messages.find((message) => message.role === 'user');
    assert.deepEqual(user?.content, [
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
      { type: 'text', text: 'What is wrong in this screenshot?' },
    ]);
  });

  it('reaches Anthropic Messages as a base64 image block', async () => {
    server.enqueue({ kind: 'reply', content: [text('A red error badge.')] });
    const { outcome } = await sendWith('anthropic', 'claude-sonnet-4-6');
    assert.deepEqual(server.violations, []);
    assert.equal((outcome as { reason: string }).reason, 'completed');
    const body = server.requests[0]?.body as { messages: Array<{ role: string; content: Array<Record<string, unknown>> }> };
    const blocks = body.messages[0]?.content ?? [];
    assert.deepEqual(blocks[0], { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } });
    assert.equal(blocks.at(-1)?.type, 'text');
  });

  it('is refused before any request for a model known to take no images', async () => {
    const { events, outcome } = await sendWith('openai', 'deepseek-chat');
    assert.equal(server.requests.length, 0);
    assert.deepEqual(outcome, { reason: 'error', kind: 'bad_request', retryable: false, message: 'deepseek-chat does not accept images; choose a vision model or remove the image.' });
    assert.equal(events.at(-1)?.type, 'done');
  });

  it('goes to a model nobody knows about, whose provider answers', async () => {
    server.enqueue({ kind: 'reply', content: [text('I see a chart.')] });
    const { outcome } = await sendWith('openai', 'some-local-model');
    assert.equal((outcome as { reason: string }).reason, 'completed');
    assert.equal(server.requests.length, 1);
  });
});

import assert from 'node:assert/strict';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text } from '../../support/fakeLlmServer';
import { forwardFromNetworkAddress, type Forwarder } from '../../support/networkForwarder';

interface JsonEvent {
  type: string;
  cost?: number | null;
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens: number };
  total?: { usage: { inputTokens: number }; cost: number | null };
}

describe('elbow --json: usage events carry the cost', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();
  let forwarder: Forwarder | undefined;

  beforeEach(async function () {
    forwarder = await forwardFromNetworkAddress(new URL(fixture.server.openaiBaseUrl));
    if (forwarder === undefined) this.skip();
  });
  afterEach(async () => {
    await forwarder?.close();
  });

  async function usageEvent(model: string): Promise<{ usage: JsonEvent; stderr: string }> {
    fixture.server.enqueue({ kind: 'reply', content: [text('Hi.')], usage: { input: 1_000, output: 100, cacheRead: 500 } });
    const env = { ...elbowEnvironment(fixture.server, 'openai'), OPENAI_API_BASE: forwarder?.openaiBaseUrl };
    const run = await runElbow(['-p', 'hello', '--json', '--model', model, '--cwd', fixture.cwd], env);
    assert.equal(run.code, 0, run.stderr);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as JsonEvent);
    const usage = events.find((event) => event.type === 'usage');
    assert.ok(usage, run.stdout);
    return { usage, stderr: run.stderr };
  }

  it('prices a model in the table, per request and for the conversation', async () => {
    const { usage, stderr } = await usageEvent('gpt-4.1');
    assert.equal(stderr, '');
    assert.ok((usage.total?.usage.inputTokens ?? 0) > 0, JSON.stringify(usage));
    // gpt-4.1: $2 per million input tokens, $0.50 cached, $8 output.
    const expected = (1_000 * 2 + 500 * 0.5 + 100 * 8) / 1_000_000;
    assert.ok(typeof usage.cost === 'number' && Math.abs(usage.cost - expected) < 1e-9, JSON.stringify(usage));
    assert.equal(usage.total?.cost, usage.cost);
  });

  it('reports an unknown model\'s cost as null, with a hint on stderr only', async () => {
    const { usage, stderr } = await usageEvent('my-own-model');
    assert.ok((usage.total?.usage.inputTokens ?? 0) > 0, JSON.stringify(usage));
    assert.equal(usage.cost, null);
    assert.equal(usage.total?.cost, null);
    assert.equal(stderr, 'elbow: model "my-own-model" is not in Elbow\'s model table; assuming a 32,000-token window (compaction starts early) and no prices. '
      + 'Set its window in ELBOW_MODELS, e.g. ELBOW_MODELS=\'{"my-own-model": {"contextWindow": 131072}}\'.\n');
  });

  it('prices an unknown model from ELBOW_MODELS, and names a bad entry on stderr', async () => {
    fixture.server.enqueue({ kind: 'reply', content: [text('Hi.')], usage: { input: 1_000, output: 100 } });
    const models = '{"my-own-model": {"contextWindow": 65536, "inputPrice": 1, "outputPrice": 10}, "other": {"contextWindow": 5}}';
    const env = { ...elbowEnvironment(fixture.server, 'openai'), OPENAI_API_BASE: forwarder?.openaiBaseUrl, ELBOW_MODELS: models };
    const run = await runElbow(['-p', 'hello', '--json', '--model', 'my-own-model', '--cwd', fixture.cwd], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^elbow: ELBOW_MODELS: other: contextWindow: [^\n]+\n$/);
    const usage = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as JsonEvent).find((event) => event.type === 'usage');
    assert.ok(usage?.cost !== undefined && usage.cost !== null && Math.abs(usage.cost - (1_000 * 1 + 100 * 10) / 1_000_000) < 1e-9, JSON.stringify(usage));
  });
});

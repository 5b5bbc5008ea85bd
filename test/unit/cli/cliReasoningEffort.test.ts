import assert from 'node:assert/strict';
import { parseCliArguments, usage, UsageError } from '../../../src/cli/cliArguments';
import { resolveCliConfig } from '../../../src/cli/cliConfig';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text } from '../../support/fakeLlmServer';

const keys = { OPENAI_API_KEY: 'sk-test' };

describe('--reasoning-effort and ELBOW_REASONING_EFFORT', () => {
  it('takes each level, in any case', () => {
    for (const level of ['default', 'off', 'low', 'medium', 'HIGH']) {
      assert.equal(parseCliArguments(['--reasoning-effort', level]).reasoningEffort, level.toLowerCase());
    }
    assert.equal(parseCliArguments([]).reasoningEffort, undefined);
  });

  it('refuses any other value with a usage error naming the levels', () => {
    assert.throws(() => parseCliArguments(['--reasoning-effort', 'extreme']), (error: unknown) => {
      assert.ok(error instanceof UsageError);
      assert.match(error.message, /default, off, low, medium, high/);
      assert.match(error.message, /"extreme"/);
      return true;
    });
    assert.throws(() => parseCliArguments(['--reasoning-effort', '']), UsageError);
  });

  it('is documented in --help', () => {
    assert.match(usage, /--reasoning-effort <level>/);
    assert.match(usage, /ELBOW_REASONING_EFFORT/);
  });

  it('reaches the configuration, the flag winning over the environment, default when neither says', () => {
    assert.equal(resolveCliConfig(parseCliArguments([]), keys).settings.reasoningEffort, 'default');
    assert.equal(resolveCliConfig(parseCliArguments([]), { ...keys, ELBOW_REASONING_EFFORT: 'low' }).settings.reasoningEffort, 'low');
    assert.equal(resolveCliConfig(parseCliArguments(['--reasoning-effort', 'high']), { ...keys, ELBOW_REASONING_EFFORT: 'low' }).settings.reasoningEffort, 'high');
  });

  it('leaves out a bad ELBOW_REASONING_EFFORT with a warning, and runs with the default', () => {
    const config = resolveCliConfig(parseCliArguments([]), { ...keys, ELBOW_REASONING_EFFORT: 'lots' });
    assert.equal(config.settings.reasoningEffort, 'default');
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0] ?? '', /ELBOW_REASONING_EFFORT: "lots"/);
  });
});

describe('elbow --reasoning-effort, end to end', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();

  it('sends Claude adaptive thinking with the effort asked for', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('Thought about it.')] });
    const run = await runElbow(['-p', 'hello', '--cwd', cwd, '--reasoning-effort', 'high'], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 0, run.stderr);
    const body = server.requests[0]?.body as Record<string, unknown>;
    assert.deepEqual(body.thinking, { type: 'adaptive' });
    assert.deepEqual(body.output_config, { effort: 'high' });
  });

  it('turns DeepSeek V4 thinking off from the environment', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('Quick answer.')] });
    const env = { ...elbowEnvironment(server, 'openai'), OPENAI_MODEL: 'deepseek-v4-flash', ELBOW_REASONING_EFFORT: 'off' };
    const run = await runElbow(['-p', 'hello', '--cwd', cwd], env);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual((server.requests[0]?.body as Record<string, unknown>).thinking, { type: 'disabled' });
  });
});

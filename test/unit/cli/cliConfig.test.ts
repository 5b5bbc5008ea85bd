import assert from 'node:assert/strict';
import { parseCliArguments, UsageError } from '../../../src/cli/cliArguments';
import { resolveCliConfig } from '../../../src/cli/cliConfig';

describe('cli arguments and configuration', () => {
  it('parses the one-shot flags', () => {
    const args = parseCliArguments(['-p', 'hello', '--json', '--cwd', '/tmp', '--provider', 'anthropic', '--model', 'm', '--base-url', 'http://x', '--max-turns', '7']);
    assert.deepEqual(
      { prompt: args.prompt, json: args.json, cwd: args.cwd, provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns },
      { prompt: 'hello', json: true, cwd: '/tmp', provider: 'anthropic', model: 'm', baseUrl: 'http://x', maxTurns: 7 },
    );
  });

  it('rejects bad flags with a usage error', () => {
    assert.throws(() => parseCliArguments(['--max-turns', 'zero']), UsageError);
    assert.throws(() => parseCliArguments(['--frobnicate']), UsageError);
    assert.throws(() => parseCliArguments(['-p', '  ']), UsageError);
  });

  it('reads the seeds environment variables, flags winning', () => {
    const env = { OPENAI_API_KEY: 'k', OPENAI_API_BASE: 'https://api.deepseek.com', OPENAI_MODEL: 'deepseek-chat' };
    assert.deepEqual(resolveCliConfig(parseCliArguments([]), env), { provider: 'openai', apiKey: 'k', model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com', maxTurns: undefined });
    const flagged = resolveCliConfig(parseCliArguments(['--model', 'other', '--base-url', 'http://local']), env);
    assert.equal(flagged.model, 'other');
    assert.equal(flagged.baseUrl, 'http://local');
  });

  it('picks the provider from ELBOW_PROVIDER or from which key is set', () => {
    assert.equal(resolveCliConfig(parseCliArguments([]), { ANTHROPIC_API_KEY: 'a' }).provider, 'anthropic');
    assert.equal(resolveCliConfig(parseCliArguments([]), { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' }).provider, 'openai');
    const chosen = resolveCliConfig(parseCliArguments([]), { ELBOW_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', ANTHROPIC_MODEL: 'claude-x' });
    assert.deepEqual([chosen.provider, chosen.apiKey, chosen.model], ['anthropic', 'a', 'claude-x']);
  });

  it('names the variable to set when the key is missing', () => {
    assert.throws(() => resolveCliConfig(parseCliArguments([]), {}), /set OPENAI_API_KEY/);
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'anthropic']), { OPENAI_API_KEY: 'o' }), /set ANTHROPIC_API_KEY/);
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'gemini']), { OPENAI_API_KEY: 'o' }), /Unknown provider "gemini"/);
  });
});

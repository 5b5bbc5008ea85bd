import assert from 'node:assert/strict';
import { parseCliArguments, UsageError } from '../../../src/cli/cliArguments';
import { resolveCliConfig } from '../../../src/cli/cliConfig';
import { elbowDataFolder } from '../../../src/node/dataFolder';

describe('cli arguments and configuration', () => {
  it('parses the one-shot flags', () => {
    const args = parseCliArguments(['-p', 'hello', '--json', '--cwd', '/tmp', '--provider', 'anthropic', '--model', 'm', '--base-url', 'http://x', '--max-turns', '7']);
    assert.deepEqual(
      { prompt: args.prompt, json: args.json, cwd: args.cwd, provider: args.provider, model: args.model, baseUrl: args.baseUrl, maxTurns: args.maxTurns },
      { prompt: 'hello', json: true, cwd: '/tmp', provider: 'anthropic', model: 'm', baseUrl: 'http://x', maxTurns: 7 },
    );
  });

  it('takes --max-parallel-subagents into the settings, 0 turning subagents off, and refuses anything else', () => {
    const env = { OPENAI_API_KEY: 'k' };
    assert.equal(resolveCliConfig(parseCliArguments(['--max-parallel-subagents', '1']), env).settings.maxParallelSubagents, 1);
    assert.equal(resolveCliConfig(parseCliArguments(['--max-parallel-subagents', '0']), env).settings.maxParallelSubagents, 0);
    assert.equal(resolveCliConfig(parseCliArguments([]), env).settings.maxParallelSubagents, undefined, 'unset: the session default');
    for (const bad of ['-1', '2.5', 'many', '', '17']) {
      assert.throws(() => parseCliArguments([`--max-parallel-subagents=${bad}`]), (error: unknown) => error instanceof UsageError && /--max-parallel-subagents must be a whole number from 0 \(no subagents\) to 16/.test(error.message), bad);
    }
  });

  it('rejects bad flags with a usage error', () => {
    assert.throws(() => parseCliArguments(['--max-turns', 'zero']), UsageError);
    assert.throws(() => parseCliArguments(['--frobnicate']), UsageError);
    assert.throws(() => parseCliArguments(['-p', '  ']), UsageError);
  });

  it('takes --stall-timeout in seconds, 0 turning it off, and refuses anything else', () => {
    const env = { OPENAI_API_KEY: 'k' };
    assert.equal(resolveCliConfig(parseCliArguments(['--stall-timeout', '300']), env).settings.stallTimeoutMs, 300_000);
    assert.equal(resolveCliConfig(parseCliArguments(['--stall-timeout', '0']), env).settings.stallTimeoutMs, 0);
    assert.equal(resolveCliConfig(parseCliArguments(['--stall-timeout', '1.5']), env).settings.stallTimeoutMs, 1_500);
    assert.equal(resolveCliConfig(parseCliArguments([]), env).settings.stallTimeoutMs, undefined, 'unset: the provider default');
    for (const bad of ['-1', 'soon', '']) assert.throws(() => parseCliArguments(['--stall-timeout', bad]), UsageError, bad);
  });

  it('takes fallback models from repeated --fallback-model flags in order, else from ELBOW_FALLBACK_MODELS', () => {
    const env = { OPENAI_API_KEY: 'k', ELBOW_FALLBACK_MODELS: ' gpt-4.1-mini , ,gpt-4.1-nano' };
    assert.deepEqual(resolveCliConfig(parseCliArguments(['--fallback-model', 'b', '--fallback-model', 'a']), env).settings.fallbackModels, ['b', 'a']);
    assert.deepEqual(resolveCliConfig(parseCliArguments([]), env).settings.fallbackModels, ['gpt-4.1-mini', 'gpt-4.1-nano']);
    assert.deepEqual(resolveCliConfig(parseCliArguments([]), { OPENAI_API_KEY: 'k' }).settings.fallbackModels, []);
  });

  it('leaves out, with a warning, a fallback model the preset cannot send, and any past the third', () => {
    const env = { AZURE_OPENAI_API_KEY: 'k', AZURE_OPENAI_ENDPOINT: 'https://res.openai.azure.com' };
    const config = resolveCliConfig(parseCliArguments(['--provider', 'azure', '--model', 'good', '--fallback-model', '../../../admin/keys?x=', '--fallback-model', 'backup']), env);
    assert.deepEqual(config.settings.fallbackModels, ['backup']);
    assert.ok(config.warnings.some((warning) => warning.includes('"../../../admin/keys?x=" is not an Azure OpenAI deployment name')), config.warnings.join('\n'));
    const many = resolveCliConfig(parseCliArguments([]), { OPENAI_API_KEY: 'k', ELBOW_FALLBACK_MODELS: 'a,b,c,d,e' });
    assert.deepEqual(many.settings.fallbackModels, ['a', 'b', 'c']);
    assert.ok(many.warnings.some((warning) => /only the first 3 are used; 2 left out \(d, e\)/.test(warning)), many.warnings.join('\n'));
  });

  it('reads the seeds environment variables, flags winning', () => {
    const env = { OPENAI_API_KEY: 'k', OPENAI_API_BASE: 'https://api.deepseek.com', OPENAI_MODEL: 'deepseek-chat' };
    const { settings: { provider, model, baseUrl, maxTurns }, apiKey } = resolveCliConfig(parseCliArguments([]), env);
    assert.deepEqual({ provider, apiKey, model, baseUrl, maxTurns }, { provider: 'openai', apiKey: 'k', model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com', maxTurns: undefined });
    const flagged = resolveCliConfig(parseCliArguments(['--model', 'other', '--base-url', 'http://local']), env);
    assert.equal(flagged.settings.model, 'other');
    assert.equal(flagged.settings.baseUrl, 'http://local');
  });

  it('picks the provider from ELBOW_PROVIDER or from which key is set', () => {
    assert.equal(resolveCliConfig(parseCliArguments([]), { ANTHROPIC_API_KEY: 'a' }).settings.provider, 'anthropic');
    assert.equal(resolveCliConfig(parseCliArguments([]), { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o' }).settings.provider, 'openai');
    const chosen = resolveCliConfig(parseCliArguments([]), { ELBOW_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', ANTHROPIC_MODEL: 'claude-x' });
    assert.deepEqual([chosen.settings.provider, chosen.apiKey, chosen.settings.model], ['anthropic', 'a', 'claude-x']);
  });

  it('names the variable to set when the key is missing', () => {
    assert.throws(() => resolveCliConfig(parseCliArguments([]), {}), /set OPENAI_API_KEY/);
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'anthropic']), { OPENAI_API_KEY: 'o' }), /set ANTHROPIC_API_KEY/);
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'mistral']), { OPENAI_API_KEY: 'o' }), /No Mistral API key: set MISTRAL_API_KEY/);
  });

  it('takes any preset id, its key from the preset\'s variable, and lists the ids for an unknown one', () => {
    const mistral = resolveCliConfig(parseCliArguments(['--provider', 'mistral']), { OPENAI_API_KEY: 'o', MISTRAL_API_KEY: 'm' });
    assert.deepEqual([mistral.settings.provider, mistral.apiKey, mistral.settings.model, mistral.settings.baseUrl], ['mistral', 'm', 'devstral-medium-latest', undefined]);
    const fromEnvironment = resolveCliConfig(parseCliArguments([]), { ELBOW_PROVIDER: 'DeepSeek', DEEPSEEK_API_KEY: 'd' });
    assert.equal(fromEnvironment.settings.provider, 'deepseek');
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'bedrock']), {}), /Unknown provider "bedrock": use one of openai, anthropic, azure, deepseek, .*openai-compatible\./);
  });

  it('runs local servers without a key, and asks for the model they serve', () => {
    const ollama = resolveCliConfig(parseCliArguments(['--provider', 'ollama', '--model', 'qwen3-coder:30b']), {});
    assert.equal(ollama.apiKey, 'no-key');
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'llamacpp']), {}), /No model for llama\.cpp: name the model the server runs with --model/);
  });

  it('never sends a preset\'s key to an endpoint another preset owns', () => {
    assert.throws(
      () => resolveCliConfig(parseCliArguments(['--provider', 'mistral', '--base-url', 'https://api.deepseek.com']), { MISTRAL_API_KEY: 'm' }),
      /api\.deepseek\.com is DeepSeek's, but the provider is Mistral/,
    );
  });

  it('reads Azure\'s endpoint, deployment and api-version from flags or Azure\'s variables', () => {
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'azure', '--model', 'gpt4o']), { AZURE_OPENAI_API_KEY: 'a' }), /Azure OpenAI needs an endpoint .* Use --base-url\./);
    assert.throws(() => resolveCliConfig(parseCliArguments(['--provider', 'azure']), { AZURE_OPENAI_API_KEY: 'a', AZURE_OPENAI_ENDPOINT: 'https://r.openai.azure.com' }), /No model for Azure OpenAI: name the deployment with --model/);
    const azure = resolveCliConfig(parseCliArguments(['--provider', 'azure', '--model', 'gpt4o', '--azure-api-version', '2025-04-01-preview']), {
      AZURE_OPENAI_API_KEY: 'a', AZURE_OPENAI_ENDPOINT: 'https://r.openai.azure.com', AZURE_OPENAI_API_VERSION: '2024-06-01',
    });
    assert.deepEqual([azure.apiKey, azure.settings.baseUrl, azure.settings.model, azure.settings.azureApiVersion], ['a', 'https://r.openai.azure.com', 'gpt4o', '2025-04-01-preview']);
  });

  it('applies the model table corrections in ELBOW_MODELS', () => {
    const env = { OPENAI_API_KEY: 'k', ELBOW_MODELS: '{"my-model": {"contextWindow": 32768, "inputPrice": 0.5, "outputPrice": 1.5}}' };
    const config = resolveCliConfig(parseCliArguments([]), env);
    assert.deepEqual(config.settings.models, { 'my-model': { contextWindow: 32768, inputPrice: 0.5, outputPrice: 1.5 } });
    assert.deepEqual(config.warnings, []);
    assert.deepEqual(resolveCliConfig(parseCliArguments([]), { OPENAI_API_KEY: 'k' }).settings.models, {});
  });

  it('refuses ELBOW_MODELS that is not JSON, naming the variable', () => {
    assert.throws(
      () => resolveCliConfig(parseCliArguments([]), { OPENAI_API_KEY: 'k', ELBOW_MODELS: '{my-model: 32768}' }),
      (error: unknown) => error instanceof UsageError && /^ELBOW_MODELS is not valid JSON/.test(error.message),
    );
  });

  it('leaves out an ELBOW_MODELS entry with problems, names it, and applies the rest', () => {
    const env = { OPENAI_API_KEY: 'k', ELBOW_MODELS: '{"good": {"contextWindow": 65536}, "bad": {"contextWindow": "big"}}' };
    const config = resolveCliConfig(parseCliArguments([]), env);
    assert.deepEqual(config.settings.models, { good: { contextWindow: 65536 } });
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0] ?? '', /^ELBOW_MODELS: bad: contextWindow: /);
  });

  it('keeps data in ELBOW_DATA_DIR, else XDG_DATA_HOME, else the platform default', () => {
    const linux = { platform: 'linux' as const, home: '/home/ada' };
    const windows = { platform: 'win32' as const, home: 'C:\\Users\\ada' };
    assert.equal(elbowDataFolder({ ELBOW_DATA_DIR: '/data/elbow', XDG_DATA_HOME: '/xdg' }, linux), '/data/elbow');
    assert.equal(elbowDataFolder({ XDG_DATA_HOME: '/xdg' }, linux), '/xdg/elbow');
    assert.equal(elbowDataFolder({ XDG_DATA_HOME: 'relative/xdg' }, linux), '/home/ada/.local/share/elbow');
    assert.equal(elbowDataFolder({}, linux), '/home/ada/.local/share/elbow');
    assert.equal(elbowDataFolder({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, windows), 'C:\\Users\\ada\\AppData\\Local\\elbow');
    assert.equal(elbowDataFolder({}, windows), 'C:\\Users\\ada\\AppData\\Local\\elbow');
    assert.equal(resolveCliConfig(parseCliArguments([]), { OPENAI_API_KEY: 'k' }, linux).dataFolder, '/home/ada/.local/share/elbow');
  });
});

import assert from 'node:assert/strict';
import { ApiKeys } from '../../../src/vscode/apiKeys';
import { memorySecrets } from '../../support/memorySecrets';

describe('ApiKeys', () => {
  it('stores one key per preset, under the names openai and anthropic always had', async () => {
    const secrets = memorySecrets();
    const keys = new ApiKeys(secrets, {});
    await keys.set('openai', ' sk-openai ');
    await keys.set('anthropic', 'sk-ant');
    await keys.set('mistral', 'mistral-key');
    assert.deepEqual(secrets.names().sort(), ['elbow.apiKey.anthropic', 'elbow.apiKey.mistral', 'elbow.apiKey.openai']);
    assert.equal(await keys.get('openai'), 'sk-openai');
    assert.equal(await keys.get('mistral'), 'mistral-key');
  });

  it('never hands one preset\'s key to another', async () => {
    const keys = new ApiKeys(memorySecrets(), {});
    await keys.set('openai', 'sk-openai');
    for (const other of ['mistral', 'deepseek', 'azure', 'openai-compatible', 'ollama', 'anthropic']) {
      assert.equal(await keys.get(other), undefined, other);
    }
  });

  it('falls back to the preset\'s own environment variable only', async () => {
    const keys = new ApiKeys(memorySecrets(), { OPENAI_API_KEY: 'sk-env', MISTRAL_API_KEY: 'm-env', AZURE_OPENAI_API_KEY: ' ' });
    assert.equal(await keys.get('openai'), 'sk-env');
    assert.equal(await keys.get('mistral'), 'm-env');
    assert.equal(await keys.get('azure'), undefined, 'blank is none');
    assert.equal(await keys.get('openai-compatible'), undefined, 'OpenAI\'s key does not go to any other server');
    assert.equal(await keys.get('ollama'), undefined);
  });
});

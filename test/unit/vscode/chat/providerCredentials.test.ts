import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { AgentSettings } from '../../../../src/core/agent/agentSettings';
import { placeholderKey } from '../../../../src/core/llm/presets/presetKey';
import { ApiKeys } from '../../../../src/vscode/apiKeys';
import { cognitiveServicesScope } from '../../../../src/vscode/azureEntraToken';
import { providerCredentials } from '../../../../src/vscode/chat/providerCredentials';
import { memorySecrets } from '../../../support/memorySecrets';

const settings = (provider: string): AgentSettings => ({ provider, model: 'm' });

function signIn(requests: unknown[][]): Pick<typeof vscode.authentication, 'getSession'> {
  const getSession = async (...args: unknown[]) => {
    requests.push(args);
    return { accessToken: `token-${requests.length}`, id: 's', scopes: [cognitiveServicesScope], account: { id: 'a', label: 'a' } };
  };
  return { getSession: getSession as typeof vscode.authentication.getSession };
}

describe('providerCredentials', () => {
  const apiKey = { authentication: 'apiKey' as const, signIn: signIn([]) };

  it('gives a preset only its own key, and none when only another provider\'s is stored', async () => {
    const keys = new ApiKeys(memorySecrets(), {});
    await keys.set('openai', 'sk-openai');
    assert.deepEqual(await providerCredentials(settings('openai'), keys, apiKey), { apiKey: 'sk-openai' });
    assert.equal(await providerCredentials(settings('mistral'), keys, apiKey), undefined);
    assert.equal(await providerCredentials(settings('azure'), keys, apiKey), undefined);
  });

  it('sends local servers and other OpenAI-compatible servers a placeholder when no key is stored', async () => {
    const keys = new ApiKeys(memorySecrets(), { OPENAI_API_KEY: 'sk-openai' });
    for (const id of ['ollama', 'lmstudio', 'llamacpp', 'vllm', 'openai-compatible']) {
      assert.deepEqual(await providerCredentials(settings(id), keys, apiKey), { apiKey: placeholderKey }, id);
    }
    await keys.set('vllm', 'vllm-secret');
    assert.deepEqual(await providerCredentials(settings('vllm'), keys, apiKey), { apiKey: 'vllm-secret' });
  });

  it('signs Azure requests with VS Code\'s Microsoft sign-in when Entra ID is chosen, asking for the Cognitive Services scope', async () => {
    const requests: unknown[][] = [];
    const keys = new ApiKeys(memorySecrets(), { AZURE_OPENAI_API_KEY: 'azure-key' });
    const credentials = await providerCredentials(settings('azure'), keys, { authentication: 'entraId', signIn: signIn(requests) });
    assert.equal(credentials?.apiKey, '', 'the key is not sent');
    assert.equal(await credentials?.azureTokenProvider?.(), 'token-1');
    assert.deepEqual(requests, [['microsoft', [cognitiveServicesScope], { createIfNone: true }]]);
    assert.deepEqual(await providerCredentials(settings('mistral'), keys, { authentication: 'entraId', signIn: signIn(requests) }), undefined, 'Entra ID is Azure\'s only');
  });
});

import assert from 'node:assert/strict';
import { providerSetupProblem } from '../../../../src/vscode/chat/providerSetupProblem';

describe('providerSetupProblem', () => {
  it('asks for the model where the preset has no default, naming Azure\'s deployment', () => {
    assert.match(providerSetupProblem({ provider: 'ollama', model: '' }) ?? '', /No model chosen for Ollama: Elbow needs the model the server runs\. Run "Elbow: Change Provider and Model"/);
    assert.match(providerSetupProblem({ provider: 'azure', model: '', baseUrl: 'https://r.openai.azure.com' }) ?? '', /No model chosen for Azure OpenAI: Elbow needs the deployment name/);
  });

  it('asks for the endpoint Azure and other servers need, and refuses another preset\'s host', () => {
    assert.match(providerSetupProblem({ provider: 'azure', model: 'gpt4o' }) ?? '', /Azure OpenAI needs an endpoint/);
    assert.match(providerSetupProblem({ provider: 'groq', model: 'm', baseUrl: 'https://api.x.ai/v1' }) ?? '', /api\.x\.ai is xAI's, but the provider is Groq/);
  });

  it('sends Azure only a deployment name, since it goes into the request path', () => {
    assert.match(providerSetupProblem({ provider: 'azure', model: '../../other', baseUrl: 'https://r.openai.azure.com' }) ?? '', /is not an Azure OpenAI deployment name/);
    assert.equal(providerSetupProblem({ provider: 'azure', model: 'gpt-4o_prod.2', baseUrl: 'https://r.openai.azure.com' }), undefined);
    assert.equal(providerSetupProblem({ provider: 'ollama', model: 'qwen2.5-coder:7b' }), undefined, 'other servers take any model name');
  });

  it('finds nothing wrong with a preset ready to use', () => {
    assert.equal(providerSetupProblem({ provider: 'mistral', model: 'devstral-medium-latest' }), undefined);
    assert.equal(providerSetupProblem({ provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://api.deepseek.com' }), undefined);
  });
});

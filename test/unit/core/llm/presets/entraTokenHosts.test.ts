import assert from 'node:assert/strict';
import { entraTokenHostProblem } from '../../../../../src/core/llm/presets/entraTokenHosts';

describe('entraTokenHostProblem', () => {
  it('lets an Entra ID token go to Azure OpenAI endpoints over https', () => {
    for (const url of ['https://contoso.openai.azure.com', 'https://contoso.cognitiveservices.azure.com/openai/v1', 'https://contoso.services.ai.azure.com', 'https://CONTOSO.openai.azure.com./']) {
      assert.equal(entraTokenHostProblem(url), undefined, url);
    }
  });

  it('keeps it from every other host, from plain http, and from a URL that hides its host', () => {
    for (const url of ['https://contoso.openai.azure.com.evil.example', 'https://contoso.openai.azure.com@evil.example', 'http://contoso.openai.azure.com', 'https://openai.azure.com.example', 'https://api.openai.com/v1', undefined]) {
      assert.match(entraTokenHostProblem(url) ?? '', /Entra ID tokens go only to an https Azure OpenAI endpoint/, String(url));
    }
  });
});

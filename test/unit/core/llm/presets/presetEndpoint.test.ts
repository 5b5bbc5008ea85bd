import assert from 'node:assert/strict';
import { presetEndpoint } from '../../../../../src/core/llm/presets/presetEndpoint';
import type { ProviderPreset } from '../../../../../src/core/llm/presets/providerPreset';
import { presetById, providerPresets } from '../../../../../src/core/llm/presets/providerPresets';

function preset(id: string): ProviderPreset {
  const found = presetById(id);
  assert.ok(found, id);
  return found;
}

describe('presetEndpoint', () => {
  it('uses the user\'s base URL, else the preset\'s own', () => {
    assert.deepEqual(presetEndpoint(preset('mistral'), undefined), { ok: true, baseUrl: 'https://api.mistral.ai/v1' });
    assert.deepEqual(presetEndpoint(preset('ollama'), 'http://192.168.1.20:11434/v1'), { ok: true, baseUrl: 'http://192.168.1.20:11434/v1' });
    assert.deepEqual(presetEndpoint(preset('openai'), ''), { ok: true, baseUrl: undefined }, 'OpenAI and Anthropic go to their official endpoint');
  });

  it('asks for an endpoint where the preset has none of its own', () => {
    for (const id of ['azure', 'openai-compatible']) {
      const endpoint = presetEndpoint(preset(id), undefined);
      assert.equal(endpoint.ok, false, id);
      assert.match(endpoint.ok ? '' : endpoint.problem, /needs an endpoint/);
    }
  });

  it('knows another preset\'s host however its name is written: a trailing dot, upper case, a full stop of another script', () => {
    for (const url of ['https://api.deepseek.com./v1', 'https://API.DEEPSEEK.COM/v1', 'https://api.deepseek.com%2E/v1', 'https://api.deepseek.com\u3002/v1', 'https://api.deepseek.com:443/v1']) {
      const endpoint = presetEndpoint(preset('mistral'), url);
      assert.equal(endpoint.ok, false, url);
      assert.match(endpoint.ok ? '' : endpoint.problem, /DeepSeek's, but the provider is Mistral/, url);
    }
  });

  it('refuses an endpoint with a user name or password in it, which hides the host the key goes to', () => {
    for (const url of ['https://api.mistral.ai@evil.example/v1', 'https://user:pass@api.mistral.ai/v1']) {
      const endpoint = presetEndpoint(preset('mistral'), url);
      assert.equal(endpoint.ok, false, url);
      assert.match(endpoint.ok ? '' : endpoint.problem, /without a user name or password/, url);
    }
  });

  it('never sends a preset\'s key to a host another preset names', () => {
    const endpoint = presetEndpoint(preset('mistral'), 'https://api.deepseek.com/v1');
    assert.equal(endpoint.ok, false);
    assert.match(endpoint.ok ? '' : endpoint.problem, /api\.deepseek\.com is DeepSeek's, but the provider is Mistral/);
    for (const from of providerPresets) {
      for (const to of providerPresets) {
        if (from.id === to.id || from.id === 'openai' || from.id === 'openai-compatible') continue;
        for (const host of to.hosts.filter((candidate) => !from.hosts.includes(candidate))) {
          assert.equal(presetEndpoint(from, `https://${host}/v1`).ok, false, `${from.id}'s key to ${host}`);
        }
      }
    }
  });

  it('lets the generic presets reach any server, as `openai` with a base URL always did', () => {
    assert.deepEqual(presetEndpoint(preset('openai'), 'https://api.deepseek.com'), { ok: true, baseUrl: 'https://api.deepseek.com' });
    assert.deepEqual(presetEndpoint(preset('openai-compatible'), 'https://api.mistral.ai/v1'), { ok: true, baseUrl: 'https://api.mistral.ai/v1' });
  });

  it('accepts a proxy or another host no preset names', () => {
    assert.equal(presetEndpoint(preset('anthropic'), 'http://127.0.0.1:4000').ok, true);
    assert.equal(presetEndpoint(preset('groq'), 'ftp://api.groq.com').ok, false);
  });
});

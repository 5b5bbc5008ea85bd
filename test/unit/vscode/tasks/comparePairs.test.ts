import * as assert from 'node:assert/strict';
import { presetById, providerPresets } from '../../../../src/core/llm/presets/providerPresets';
import { mostComparedModels, pairCandidates, pairCountProblem, typedModelProviders } from '../../../../src/vscode/tasks/comparePairs';

describe('Compare: the pairs offered and how many may be picked', () => {
  it('refuses fewer than 2 and more than 4 pairs, saying how many were picked, and takes 2, 3 and 4', () => {
    assert.match(pairCountProblem(0) ?? '', /at least 2 .*none was picked/);
    assert.match(pairCountProblem(1) ?? '', /at least 2 .*only 1 was picked/);
    assert.match(pairCountProblem(5) ?? '', /at most 4 .*5 were picked/);
    assert.deepEqual([2, 3, 4].map(pairCountProblem), [undefined, undefined, undefined]);
    assert.equal(mostComparedModels, 4);
  });

  it("offers the chat's model first, then its fallback models and its preset's default, each once", () => {
    const candidates = pairCandidates({ provider: 'anthropic', model: 'claude-opus-4-7', fallbackModels: ['claude-haiku-4-5', 'claude-opus-4-7'], providersWithKeys: [] });
    assert.deepEqual(candidates, [
      { provider: 'anthropic', model: 'claude-opus-4-7', source: 'chat' },
      { provider: 'anthropic', model: 'claude-haiku-4-5', source: 'fallback' },
      { provider: 'anthropic', model: presetById('anthropic')?.defaultModel, source: 'preset' },
    ]);
  });

  it('adds the default model of each other provider whose key is set, and no provider without one', () => {
    const candidates = pairCandidates({ provider: 'openai', model: 'gpt-4.1', fallbackModels: [], providersWithKeys: ['deepseek', 'mistral'] });
    assert.deepEqual(candidates.map((candidate) => `${candidate.provider}/${candidate.model}`), [
      'openai/gpt-4.1',
      `deepseek/${presetById('deepseek')?.defaultModel}`,
      `mistral/${presetById('mistral')?.defaultModel}`,
    ]);
  });

  it('leaves out providers that need an endpoint of the user\'s (a task cannot be given one) unless they are the chat\'s', () => {
    const needEndpoint = providerPresets.filter((preset) => preset.baseUrl === undefined && preset.baseUrlExample !== undefined).map((preset) => preset.id);
    assert.ok(needEndpoint.includes('azure'), 'Azure needs the user\'s endpoint');
    const typed = typedModelProviders('openai');
    assert.deepEqual(needEndpoint.filter((id) => typed.includes(id)), []);
    assert.ok(typedModelProviders('azure').includes('azure'));
    const candidates = pairCandidates({ provider: 'openai', model: 'gpt-4.1', fallbackModels: [], providersWithKeys: ['azure'] });
    assert.deepEqual(candidates.map((candidate) => candidate.provider), ['openai']);
  });
});

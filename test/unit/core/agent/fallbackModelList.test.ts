import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { maxFallbackModels, usableFallbackModels } from '../../../../src/core/agent/fallbackModelList';
import { presetById } from '../../../../src/core/llm/presets/providerPresets';

describe('the fallback models a request may be sent with', () => {
  it('leaves out a name the preset cannot send, saying which', () => {
    const azure = presetById('azure');
    const list = usableFallbackModels(azure, 'good', ['../../../admin/keys?x=', 'gpt-4o-mini']);
    assert.deepEqual(list.models, ['gpt-4o-mini']);
    assert.equal(list.problems.length, 1);
    assert.match(list.problems[0] ?? '', /"\.\.\/\.\.\/\.\.\/admin\/keys\?x=" is not an Azure OpenAI deployment name.*Left out/);
  });

  it('drops blanks, repeats and the model itself, and keeps the order', () => {
    assert.deepEqual(usableFallbackModels(presetById('openai'), 'gpt-4.1', [' gpt-4.1-mini ', '', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o']), { models: ['gpt-4.1-mini', 'gpt-4o'], problems: [] });
  });

  it(`uses at most ${maxFallbackModels} fallbacks, naming the ones left out`, () => {
    const many = Array.from({ length: 200 }, (_, index) => `model-${index}`);
    const list = usableFallbackModels(presetById('openai'), 'gpt-4.1', many);
    assert.deepEqual(list.models, ['model-0', 'model-1', 'model-2']);
    assert.equal(list.problems.length, 1);
    assert.match(list.problems[0] ?? '', /only the first 3 are used; 197 left out/);
  });

  it('sends no fallback for a provider it does not know', () => {
    assert.deepEqual(usableFallbackModels(undefined, 'm', ['a']).models, []);
  });

  it('tells the settings UI the same limit', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { maxItems?: number }> } } };
    assert.equal(manifest.contributes.configuration.properties['elbow.fallbackModels']?.maxItems, maxFallbackModels);
  });
});

import assert from 'node:assert/strict';
import { unknownModelHint } from '../../../src/cli/unknownModelHint';
import { modelLimits } from '../../../src/core/llm/modelCatalog';

describe('unknown model hint', () => {
  it('names the assumed window, the missing prices and the variable to set', () => {
    assert.equal(
      unknownModelHint('my-model', modelLimits('my-model')),
      'elbow: model "my-model" is not in Elbow\'s model table; assuming a 32,000-token window (compaction starts early) and no prices. '
        + 'Set its window in ELBOW_MODELS, e.g. ELBOW_MODELS=\'{"my-model": {"contextWindow": 131072}}\'.',
    );
  });

  it('does not claim missing prices for a free local server', () => {
    const hint = unknownModelHint('my-model', modelLimits('my-model', { localEndpoint: true })) ?? '';
    assert.match(hint, /assuming a 32,000-token window \(compaction starts early\)\. Set its window/);
  });

  it('says nothing for a model in the table or in ELBOW_MODELS', () => {
    assert.equal(unknownModelHint('gpt-4.1', modelLimits('gpt-4.1')), undefined);
    assert.equal(unknownModelHint('my-model', modelLimits('my-model', { overrides: { 'my-model': { contextWindow: 131072 } } })), undefined);
  });
});

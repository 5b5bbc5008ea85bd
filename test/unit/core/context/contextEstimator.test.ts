import assert from 'node:assert/strict';
import { ContextEstimator, promptTokensOf } from '../../../../src/core/context/contextEstimator';
import { rawPromptTokens, type PromptParts } from '../../../../src/core/context/tokenEstimate';
import { emptyUsage, userText, type Usage } from '../../../../src/core/llm/messages';

function usage(inputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0, outputTokens = 0): Usage {
  return { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens };
}

const prompt: PromptParts = { system: 's'.repeat(400), tools: [], messages: [userText('x'.repeat(4_000))] };

describe('ContextEstimator', () => {
  it('counts the whole input of a request, cached parts included, but not the output', () => {
    assert.equal(promptTokensOf(usage(100, 900, 50, 7_000)), 1_050);
    assert.equal(promptTokensOf(emptyUsage()), 0);
  });

  it('uses the quick count until the provider has reported one', () => {
    const estimator = new ContextEstimator();
    assert.equal(estimator.calibration, 1);
    assert.equal(estimator.estimate(prompt), rawPromptTokens(prompt));
  });

  it('scales the next estimate by how the reported count compared with the quick count', () => {
    const estimator = new ContextEstimator();
    estimator.observe(1_000, usage(1_500));
    assert.equal(estimator.calibration, 1.5);
    assert.equal(estimator.scale(101), 152); // 151.5, rounded up
    assert.equal(estimator.estimate(prompt), Math.ceil(rawPromptTokens(prompt) * 1.5));
    estimator.observe(2_000, usage(1_600));
    assert.equal(estimator.calibration, 0.8);
    assert.equal(estimator.scale(1_000), 800);
  });

  it('counts cached input as part of the reported prompt', () => {
    const estimator = new ContextEstimator();
    estimator.observe(1_000, usage(100, 900, 200, 5_000));
    assert.equal(estimator.calibration, 1.2);
  });

  it('keeps the ratio within bounds when a provider reports nonsense', () => {
    const estimator = new ContextEstimator();
    estimator.observe(1_000, usage(1_000_000));
    assert.equal(estimator.calibration, 4);
    estimator.observe(1_000, usage(1));
    assert.equal(estimator.calibration, 0.5);
    estimator.observe(1_000, usage(Number.NaN));
    assert.equal(estimator.calibration, 1);
  });

  it('ignores reports of nothing, and quick counts of nothing', () => {
    const estimator = new ContextEstimator();
    estimator.observe(1_000, usage(1_500));
    estimator.observe(1_000, emptyUsage());
    assert.equal(estimator.calibration, 1.5);
    estimator.observe(0, usage(1_000));
    assert.equal(estimator.calibration, 1.5);
  });

  it('clamps the initial ratio as well', () => {
    assert.equal(new ContextEstimator(1.25).calibration, 1.25);
    assert.equal(new ContextEstimator(10).calibration, 4);
    assert.equal(new ContextEstimator(0).calibration, 0.5);
    assert.equal(new ContextEstimator(Number.POSITIVE_INFINITY).calibration, 1);
  });
});

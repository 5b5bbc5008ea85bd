import assert from 'node:assert/strict';
import { updatedContextReading } from '../../../src/cli/contextReading';
import { contextGauge, usageReport, windowReading } from '../../../src/cli/usageReport';
import { modelLimits } from '../../../src/core/llm/modelCatalog';
import { formatCost, formatTokenCount } from '../../../src/format/tokenCount';

const usage = { inputTokens: 12_345, outputTokens: 1_234, cacheReadTokens: 40_000, cacheWriteTokens: 0 };

describe('/usage report', () => {
  it('shortens token counts and costs', () => {
    assert.deepEqual([950, 1_234, 12_345, 123_456, 999_999, 1_500_000].map(formatTokenCount), ['950', '1.2k', '12.3k', '123k', '1M', '1.5M']);
    assert.deepEqual([0.04, 0.004, 0.006, 0, null].map(formatCost), ['$0.04', '<$0.01', '$0.01', '$0.00', 'unknown']);
  });

  it('lists the tokens by kind, the cost and the context gauge', () => {
    const report = usageReport({ usage, cost: 0.0431 }, { usedTokens: 42_000, windowTokens: 200_000, estimated: false });
    assert.equal(report, [
      'Tokens:  12.3k input · 40k cache read · 0 cache write · 1.2k output',
      'Cost:    $0.04',
      'Context: 42k / 200k tokens (21%)',
      '',
    ].join('\n'));
  });

  it('says when the cost is unknown and no request was made yet', () => {
    const report = usageReport({ usage, cost: null }, undefined);
    assert.match(report, /^Cost: {4}unknown$/m);
    assert.match(report, /^Context: no request yet$/m);
  });

  it('says how large the window is and where its size came from', () => {
    const report = usageReport({ usage, cost: 0 }, { usedTokens: 2_000, windowTokens: 8_192, estimated: false }, { tokens: 8_192, source: 'Ollama (loaded with 8,192 tokens)' });
    assert.match(report, /^Context: 2k \/ 8\.2k tokens \(24%\)\nWindow: {2}8\.2k tokens, from Ollama \(loaded with 8,192 tokens\)\n$/m);
    const reading = windowReading(modelLimits('my-finetune'));
    assert.deepEqual(reading, { tokens: 32_000, source: 'a cautious default for a model Elbow does not know (set its window in ELBOW_MODELS)' });
    assert.equal(windowReading(undefined), undefined);
  });

  it('marks an estimated gauge', () => {
    assert.equal(contextGauge({ usedTokens: 3_000, windowTokens: 200_000, estimated: true }), '3k / 200k tokens (2%, estimated)');
  });

  it('remembers the last context reading', () => {
    const measured = updatedContextReading(undefined, { type: 'context', usedTokens: 48_000, windowTokens: 200_000, estimated: false });
    assert.deepEqual(measured, { usedTokens: 48_000, windowTokens: 200_000, estimated: false });
    assert.equal(updatedContextReading(measured, { type: 'text_delta', text: 'hi' }), measured);
    const estimated = updatedContextReading(measured, { type: 'context', usedTokens: 3_000, windowTokens: 200_000, estimated: true });
    assert.deepEqual(estimated, { usedTokens: 3_000, windowTokens: 200_000, estimated: true });
  });
});

import assert from 'node:assert/strict';
import { modelLimits } from '../../../../src/core/llm/modelCatalog';
import { contextGaugeOf } from '../../../../src/vscode/chat/contextGaugeOf';
import { contextTooltip } from '../../../../src/webview/format';

describe('the context meter\'s reading', () => {
  const event = { usedTokens: 3_000, windowTokens: 12_918 };

  it('carries where the window came from into the tooltip', () => {
    const limits = modelLimits('google/gemma-3-4b', { localEndpoint: true, server: { server: 'LM Studio', contextWindow: 12_918, detail: 'loaded with 12,918 tokens' } });
    const gauge = contextGaugeOf(event, limits);
    assert.equal(contextTooltip(gauge), 'Context: 3,000 of 12,918 tokens (23%)\nWindow size from LM Studio (loaded with 12,918 tokens)');
  });

  it('names the elbow.models setting when the window comes from it or is a default', () => {
    assert.equal(contextGaugeOf(event, modelLimits('m', { overrides: { m: { contextWindow: 12_918 } } })).windowSource, 'your elbow.models setting');
    assert.match(contextGaugeOf(event, modelLimits('m')).windowSource ?? '', /set its window in elbow\.models/);
  });

  it('has no source without the session\'s limits', () => {
    assert.deepEqual(contextGaugeOf(event, undefined), event);
  });
});

import assert from 'node:assert/strict';
import { addToTotals, storedTotals } from '../../../../src/core/context/usageTotals';
import type { Usage } from '../../../../src/core/llm/messages';

function usage(inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0): Usage {
  return { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens };
}

describe('usage totals', () => {
  it('start at nothing, costing nothing', () => {
    assert.deepEqual(storedTotals(undefined, undefined), { usage: usage(0, 0), cost: 0 });
  });

  it('keep a stored conversation\'s cost, and call it unknown when it was stored with tokens but no cost', () => {
    assert.deepEqual(storedTotals(usage(10, 5), 0.25), { usage: usage(10, 5), cost: 0.25 });
    assert.deepEqual(storedTotals(usage(10, 5), null), { usage: usage(10, 5), cost: null });
    assert.deepEqual(storedTotals(usage(10, 5), undefined), { usage: usage(10, 5), cost: null });
    assert.deepEqual(storedTotals(usage(0, 0, 7), undefined).cost, null);
    assert.deepEqual(storedTotals(usage(0, 0), undefined).cost, 0);
  });

  it('add up the tokens and the costs of each request', () => {
    let totals = storedTotals(undefined, undefined);
    totals = addToTotals(totals, usage(1_000, 200, 50, 10), 0.5);
    totals = addToTotals(totals, usage(300, 100, 900, 0), 0.25);
    assert.deepEqual(totals, { usage: usage(1_300, 300, 950, 10), cost: 0.75 });
  });

  it('leave the totals they were given as they were', () => {
    const totals = storedTotals(undefined, undefined);
    addToTotals(totals, usage(10, 10), 1);
    assert.deepEqual(totals, storedTotals(undefined, undefined));
  });

  it('lose the cost for good once one request has an unknown price, and keep counting tokens', () => {
    let totals = addToTotals(storedTotals(undefined, undefined), usage(100, 10), 0.5);
    totals = addToTotals(totals, usage(100, 10), null);
    assert.deepEqual(totals, { usage: usage(200, 20), cost: null });
    totals = addToTotals(totals, usage(100, 10), 0.25);
    assert.deepEqual(totals, { usage: usage(300, 30), cost: null });
  });
});

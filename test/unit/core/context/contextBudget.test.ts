import assert from 'node:assert/strict';
import { contextBudget, defaultCompactionSettings } from '../../../../src/core/context/contextBudget';

describe('contextBudget', () => {
  it('keeps 32k for the reply of a 200k model with 64k output, and sets the thresholds on the rest', () => {
    assert.deepEqual(contextBudget({ contextWindow: 200_000, maxOutputTokens: 64_000 }), {
      windowTokens: 200_000,
      outputReserve: 32_000,
      compactToolResultsAt: 84_000, // 50% of 168k
      summarizeAt: 134_400, // 80% of 168k
      keepRecentToolResults: 5,
      toolResultsTarget: 67_200, // a fifth under the first threshold
    });
  });

  it('reserves the model output limit when it is smaller, rounding thresholds down', () => {
    const budget = contextBudget({ contextWindow: 128_000, maxOutputTokens: 8_192 });
    assert.equal(budget.outputReserve, 8_192);
    assert.equal(budget.compactToolResultsAt, 59_904);
    assert.equal(budget.summarizeAt, 95_846); // 95,846.4
    assert.equal(budget.toolResultsTarget, 47_923); // 47,923.2
  });

  it('never reserves more than a quarter of the window, nor less than 256 tokens', () => {
    assert.equal(contextBudget({ contextWindow: 16_000, maxOutputTokens: 16_000 }).outputReserve, 4_000);
    assert.equal(contextBudget({ contextWindow: 100_000, maxOutputTokens: 10 }).outputReserve, 256);
  });

  it('takes the thresholds as percentages of the usable window', () => {
    const budget = contextBudget({ contextWindow: 100_000, maxOutputTokens: 20_000 }, { compactToolResultsAtPercent: 30, summarizeAtPercent: 60, keepRecentToolResults: 2 });
    assert.equal(budget.compactToolResultsAt, 24_000);
    assert.equal(budget.summarizeAt, 48_000);
    assert.equal(budget.keepRecentToolResults, 2);
  });

  it('keeps a tool-results threshold above the summary threshold as set (it then only applies when summarising fails)', () => {
    const budget = contextBudget({ contextWindow: 100_000, maxOutputTokens: 20_000 }, { compactToolResultsAtPercent: 90, summarizeAtPercent: 60, keepRecentToolResults: 5 });
    assert.equal(budget.summarizeAt, 48_000);
    assert.equal(budget.compactToolResultsAt, 72_000);
  });

  it('clamps silly settings', () => {
    const limits = { contextWindow: 100_000, maxOutputTokens: 20_000 };
    const tooLow = contextBudget(limits, { compactToolResultsAtPercent: 0, summarizeAtPercent: -5, keepRecentToolResults: -3 });
    assert.equal(tooLow.compactToolResultsAt, 8_000); // 10%
    assert.equal(tooLow.summarizeAt, 8_000);
    assert.equal(tooLow.keepRecentToolResults, 0);
    const tooHigh = contextBudget(limits, { compactToolResultsAtPercent: 100, summarizeAtPercent: 250, keepRecentToolResults: 2.6 });
    assert.equal(tooHigh.compactToolResultsAt, 76_000); // 95%
    assert.equal(tooHigh.summarizeAt, 76_000);
    assert.equal(tooHigh.keepRecentToolResults, 3);
    const notNumbers = contextBudget(limits, { compactToolResultsAtPercent: Number.NaN, summarizeAtPercent: Number.POSITIVE_INFINITY, keepRecentToolResults: Number.NaN });
    assert.equal(notNumbers.compactToolResultsAt, 40_000); // the default 50%
    assert.equal(notNumbers.summarizeAt, 64_000); // the default 80%
    assert.equal(notNumbers.keepRecentToolResults, defaultCompactionSettings.keepRecentToolResults);
  });

  it('works with a window of at least 1,000 tokens', () => {
    const budget = contextBudget({ contextWindow: 10, maxOutputTokens: 10 });
    assert.equal(budget.windowTokens, 1_000);
    assert.equal(budget.outputReserve, 256);
    assert.equal(budget.summarizeAt, 595); // 80% of 744
  });
});

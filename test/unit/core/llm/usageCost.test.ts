import assert from 'node:assert/strict';
import type { Usage } from '../../../../src/core/llm/messages';
import { modelLimits } from '../../../../src/core/llm/modelCatalog';
import type { ModelPrices } from '../../../../src/core/llm/modelFacts';
import { costOfUsage } from '../../../../src/core/llm/usageCost';

const sonnet: ModelPrices = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const tiered: ModelPrices = {
  ...sonnet,
  longContext: { aboveInputTokens: 200_000, input: 6, output: 22.5, cacheRead: 0.6, cacheWrite: 7.5 },
};

function usage(inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0): Usage {
  return { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens };
}

function assertDollars(actual: number | null, expected: number): void {
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `expected $${expected}, got $${actual}`);
}

describe('costOfUsage', () => {
  it('is null when the prices are unknown', () => {
    assert.equal(costOfUsage(usage(1_000, 100), undefined), null);
  });

  it('charges each kind of token at its own rate per million', () => {
    assertDollars(costOfUsage(usage(1_000_000, 0), sonnet), 3);
    assertDollars(costOfUsage(usage(0, 1_000_000), sonnet), 15);
    assertDollars(costOfUsage(usage(0, 0, 1_000_000), sonnet), 0.3);
    assertDollars(costOfUsage(usage(0, 0, 0, 1_000_000), sonnet), 3.75);
    // 12,000 × 3 + 800 × 15 + 50,000 × 0.3 + 2,000 × 3.75 = 70,500 millionths of a dollar
    assertDollars(costOfUsage(usage(12_000, 800, 50_000, 2_000), sonnet), 0.0705);
  });

  it('costs nothing for no tokens or free prices', () => {
    assert.equal(costOfUsage(usage(0, 0), sonnet), 0);
    assert.equal(costOfUsage(usage(5_000, 500, 100, 10), { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }), 0);
  });

  it('uses the long-context rates for the whole request once its input passes the threshold', () => {
    assertDollars(costOfUsage(usage(200_000, 1_000), tiered), 0.615);
    assertDollars(costOfUsage(usage(200_001, 1_000), tiered), (200_001 * 6 + 1_000 * 22.5) / 1_000_000);
  });

  it('counts cache reads and writes toward the long-context threshold', () => {
    // 1,000 + 199,500 + 500 = 201,000 input tokens: past 200,000
    const cost = costOfUsage(usage(1_000, 1_000, 199_500, 500), tiered);
    assertDollars(cost, (1_000 * 6 + 1_000 * 22.5 + 199_500 * 0.6 + 500 * 7.5) / 1_000_000);
  });

  it("applies a table model's tier: Claude Haiku 5.5 costs five times as much past 100K prompt tokens", () => {
    const prices = modelLimits('claude-haiku-5-5').prices;
    assertDollars(costOfUsage(usage(100_000, 10_000), prices), 0.015);
    assertDollars(costOfUsage(usage(100_000, 10_000, 1_000), prices), 0.07505);
  });
});

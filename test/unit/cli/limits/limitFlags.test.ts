import assert from 'node:assert/strict';
import { parseCliArguments, UsageError } from '../../../../src/cli/cliArguments';
import { durationText } from '../../../../src/cli/limits/limitFlags';

describe('--timeout and --max-budget-usd values', () => {
  it('reads durations in seconds, minutes and hours, a plain number being seconds', () => {
    const cases: Array<[string, number]> = [['90s', 90_000], ['20m', 1_200_000], ['1h', 3_600_000], ['1.5h', 5_400_000], ['45', 45_000], ['0.5', 500], ['2M', 120_000]];
    for (const [flag, ms] of cases) assert.equal(parseCliArguments(['-p', 'x', '--timeout', flag]).timeoutMs, ms, flag);
  });

  it('refuses a duration that is not one, is 0 or would overflow the timer, as a usage error that shows the forms', () => {
    for (const flag of ['', '0', '0s', '-5', '10x', '1h30m', 'soon', '25d', '700h']) {
      assert.throws(() => parseCliArguments(['-p', 'x', `--timeout=${flag}`]), (error: unknown) => error instanceof UsageError && error.message === `--timeout must be a duration such as 90s, 20m or 1h (plain numbers are seconds), above 0 and under 24 days, got "${flag}".`, flag);
    }
  });

  it('reads a budget in dollars above 0', () => {
    assert.equal(parseCliArguments(['-p', 'x', '--max-budget-usd', '0.25']).maxBudgetUsd, 0.25);
    assert.equal(parseCliArguments(['-p', 'x']).maxBudgetUsd, undefined);
    for (const flag of ['0', '-1', '', 'ten', 'Infinity']) {
      assert.throws(() => parseCliArguments(['-p', 'x', `--max-budget-usd=${flag}`]), (error: unknown) => error instanceof UsageError && /^--max-budget-usd must be an amount of US dollars above 0/.test(error.message), flag);
    }
  });

  it('says a duration back the way it is written', () => {
    assert.deepEqual([90_000, 1_200_000, 3_600_000, 500].map(durationText), ['90s', '20m', '1h', '0.5s']);
  });
});

import assert from 'node:assert/strict';
import type { ReplayProvider } from '../../../support/replay/replayServer';
import { useReplayCli } from '../../../support/replay/replayCli';

interface QuotaCase {
  provider: ReplayProvider;
  recording: string;
  model: string;
  /** The server's own words, which the message must keep. */
  words: RegExp;
  /** The reset time or the advice the message gives. */
  then: RegExp;
}

const cases: QuotaCase[] = [
  { provider: 'openai', recording: 'openai/error-insufficient-quota.json', model: 'gpt-4.1', words: /You exceeded your current quota, please check your plan and billing details/, then: /billing of the account/ },
  { provider: 'deepseek', recording: 'deepseek/error-insufficient-balance.json', model: 'deepseek-chat', words: /Insufficient Balance/, then: /billing of the account/ },
  { provider: 'openrouter', recording: 'openrouter/error-free-models-per-day.json', model: 'deepseek/deepseek-chat-v3-0324:free', words: /free-models-per-day\. Add 10 credits/, then: /resets 2026-01-14 00:00 UTC/ },
  { provider: 'anthropic', recording: 'anthropic/error-credit-balance.json', model: 'claude-sonnet-4-6', words: /Your credit balance is too low to access the Anthropic API\. Please go to Plans & Billing/, then: /billing of the account/ },
];

// Quota and billing are not rate limits: one request, no retry, the server's words and when it resets.
for (const quota of cases) {
  describe(`replayed ${quota.provider} quota error (${quota.recording})`, function () {
    this.timeout(60_000);
    const replay = useReplayCli(quota.provider);

    it('sends exactly one request, says it is the account\'s quota, and exits 1', async () => {
      replay.server.play(quota.recording);
      const run = await replay.run(['-p', 'hello'], quota.model);
      assert.equal(replay.server.requests.length, 1, run.stderr);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /quota or credit/);
      assert.match(run.stderr, quota.words);
      assert.match(run.stderr, quota.then);
      assert.doesNotMatch(run.stderr, /Rate limited|retrying|Retry \d/i);
    });
  });
}

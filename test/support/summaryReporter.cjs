// Mocha's spec reporter, closed by a plain line `failed test: <full title> — <first line of the error>` per failure
// and one plain line `N passed, N failed[, N skipped]`, which scripts/testSummary.mjs reads at the end of a long log.
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const failed = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, error) => {
      const message = String(error?.message ?? error).split('\n')[0].slice(0, 200);
      failed.push(`failed test: ${test.fullTitle()} — ${message}`);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      for (const line of failed) process.stdout.write(`${line}\n`);
      process.stdout.write(`${passes} passed, ${failures} failed${pending > 0 ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;

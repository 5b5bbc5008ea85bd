// Mocha's spec reporter, closed by one plain line `N passed, N failed[, N skipped]` that CI reads.
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      process.stdout.write(`${passes} passed, ${failures} failed${pending > 0 ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = SummaryReporter;

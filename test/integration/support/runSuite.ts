import Mocha from 'mocha';

/**
 * The `run()` contract of VS Code's test runners (code-server's smoke-test driver here,
 * @vscode/test-electron elsewhere): resolve when all passed, reject otherwise. `register`
 * functions call describe/it once mocha has installed them.
 */
export function runSuite(registers: ReadonlyArray<() => void>): Promise<void> {
  const grep = process.env.ELBOW_TEST_GREP;
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec', ...(grep ? { grep } : {}) });
  mocha.suite.emit('pre-require', globalThis, 'elbow-integration', mocha);
  for (const register of registers) register();
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      // The runner's own counts: with ELBOW_TEST_GREP the suite's total would include the tests left out.
      const passed = runner.stats?.passes ?? 0;
      console.log(`ELBOW_RESULTS ${JSON.stringify({ passed, failed: failures })}`);
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed.`));
      else resolve();
    });
  });
}

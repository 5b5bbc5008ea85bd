import * as assert from 'node:assert/strict';
import { failedTests, parseCounts, summarize } from '../../../scripts/testSummary.mjs';

const unitOutput = [
  '  cli',
  '    ✔ prints 3 passed, 0 failed when asked',
  '\u001b[32m  1952 passing\u001b[0m (8m)',
  '  1 pending',
  '1952 passed, 0 failed, 1 skipped',
  '',
].join('\n');
const integrationOutput = ['── phase main ──', 'phase main: exit 0 after 120.0 s', 'integration suite took 200.1 s', '70 passed, 0 failed', ''].join('\n');

describe('testSummary', () => {
  it('totals the unit and the integration runs on one line', () => {
    assert.equal(summarize({ unit: unitOutput, integration: integrationOutput }), 'Tests: 1,952 unit passed (1 skipped), 70 integration passed, 0 failed');
  });

  it('adds the failures of both runs', () => {
    const unit = unitOutput.replace('1952 passed, 0 failed, 1 skipped', '1950 passed, 2 failed');
    const integration = integrationOutput.replace('70 passed, 0 failed', '69 passed, 1 failed');
    assert.equal(summarize({ unit, integration }), 'Tests: 1,950 unit passed, 69 integration passed, 3 failed');
  });

  it('reads the last summary line, not one a test printed earlier', () => {
    assert.deepEqual(parseCounts(`5 passed, 1 failed\n${unitOutput}`), { passed: 1952, failed: 0, skipped: 1 });
  });

  it('names a run that ended without its summary as unfinished and still totals what ran', () => {
    assert.equal(summarize({ unit: unitOutput, integration: 'code-server exited while starting\n' }), 'Tests: 1,952 unit passed (1 skipped), 0 failed, integration did not finish');
    assert.equal(summarize({ unit: 'SyntaxError\n', integration: undefined }), 'Tests: 0 failed, unit and integration did not finish');
  });

  it('reads summaries written with Windows line ends', () => {
    assert.deepEqual(parseCounts('12 passed, 0 failed\r\n'), { passed: 12, failed: 0, skipped: 0 });
  });

  it('lists the failed tests the reporter named, however far up the log they are', () => {
    const unit = unitOutput.replace('1952 passed, 0 failed, 1 skipped', '\u001b[31mfailed test: cli prints — expected 3\u001b[0m\r\n1951 passed, 1 failed');
    assert.deepEqual(failedTests(`${unit}\n${'filler\n'.repeat(5000)}`), ['failed test: cli prints — expected 3']);
    assert.deepEqual(failedTests(unitOutput), []);
  });
});

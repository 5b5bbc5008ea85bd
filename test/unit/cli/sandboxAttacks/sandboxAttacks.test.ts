import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { buildCliOnce } from '../../../support/elbowCli';
import { playRow, prepareRow, type AttackOutcome } from './attackHarness';
import { attackRows } from './attackRows';

/** Rows played at once: each runs the real CLI, a fake model server and a witness listener. */
const PARALLEL_ROWS = 4;
/** Outside /tmp, so that a write the sandbox lets through would land where the test looks. */
const BASE_FOLDER = '/var/tmp';

/**
 * The adversarial table: a hostile repository and model try, through the real `elbow -p`, to
 * run code outside the sandbox, read credentials, reach the network or change protected files.
 * Each row states what must not happen; every row is also checked for all of it. With
 * `ELBOW_ATTACK_CLI=<path to another dist/cli.js>` the same table runs against another build.
 */
describe('sandbox attack table (real CLI, real sandbox)', function () {
  this.timeout(300_000);
  const outcomes = new Map<string, AttackOutcome | Error>();
  let root: string;

  before(async function () {
    if (process.platform !== 'linux') this.skip();
    if (process.env.ELBOW_ATTACK_CLI === undefined) buildCliOnce();
    root = await fs.mkdtemp(path.join(BASE_FOLDER, 'elbow-attacks-'));
    const queue = attackRows.map((row, index) => ({ row, index }));
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { row, index } = next;
        try {
          const paths = await prepareRow(row, path.join(root, String(index)));
          outcomes.set(row.name, await playRow(row, paths, process.env.ELBOW_ATTACK_CLI));
        } catch (error) {
          outcomes.set(row.name, error instanceof Error ? error : new Error(String(error)));
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_ROWS }, worker));
  });
  after(async () => {
    if (root !== undefined) await fs.rm(root, { recursive: true, force: true });
  });

  it(`has at least 80 rows (${attackRows.length})`, () => {
    assert.ok(attackRows.length >= 80);
    assert.equal(new Set(attackRows.map((row) => row.name)).size, attackRows.length, 'row names are unique');
  });

  for (const row of attackRows) {
    it(`${row.name}: ${row.mustNot} must not happen`, () => {
      const outcome = outcomes.get(row.name);
      if (outcome instanceof Error) throw outcome;
      assert.ok(outcome, 'the row ran');
      assert.ok(outcome.run.code === 0 || outcome.run.code === 1, `elbow exited ${outcome.run.code}: ${outcome.run.stderr}`);
      assert.ok(outcome.run.stdout.includes('Done.'), `the run went to its end: ${outcome.run.stderr}`);
      assert.deepEqual(outcome.violations, []);
    });
  }
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { currentProcess, isRunning } from '../../../../src/node/worktrees/ownerProcess';

describe('the process that made a worktree', () => {
  it('runs while it does, and not once it ended', () => {
    assert.equal(isRunning(currentProcess()), true);
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    assert.equal(isRunning({ pid: Number(ended.stdout), host: hostname() }), false);
  });

  it('is not taken for another process that got its id later (Linux tells start times)', function () {
    if (process.platform !== 'linux') this.skip();
    const self = currentProcess();
    assert.ok(self.startedAt !== undefined);
    assert.equal(isRunning({ ...self, startedAt: `${self.startedAt}0` }), false);
  });

  it('counts as running when it belongs to another machine, whose processes cannot be seen from here', () => {
    assert.equal(isRunning({ pid: 999_999_999, host: `${hostname()}-elsewhere` }), true);
  });
});

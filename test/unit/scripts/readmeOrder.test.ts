import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyCheckout } from './checkoutCopy.js';

/** Runs a command as the README tells the user to, and what it printed if it failed. */
function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the README order: start script, then test command', function () {
  this.timeout(15 * 60_000);
  let checkout: string;
  let folder: string;

  before(() => {
    checkout = copyCheckout();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-folder-'));
  });

  after(() => {
    fs.rmSync(checkout, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('leaves nothing in the checkout that trips the test command\'s lint and typecheck', () => {
    const setup = run('bash', ['scripts/start-vscode.sh', '--setup-only', folder], checkout);
    assert.equal(setup.status, 0, setup.output);
    assert.ok(fs.existsSync(path.join(checkout, '.vscode-dev/extensions')), 'the start script installed Elbow into .vscode-dev');
    assert.ok(fs.existsSync(path.join(checkout, 'elbow.vsix')));

    const lint = run('npm', ['run', 'lint'], checkout);
    assert.equal(lint.status, 0, lint.output);
  });
});

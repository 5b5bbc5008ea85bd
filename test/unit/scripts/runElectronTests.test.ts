import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { vscodeExecutable } from '../../../scripts/vscodeExecutable.mjs';
import { checkoutRoot } from './checkoutCopy.js';

const whatToDo = 'Set VSCODE_EXECUTABLE to an installed VS Code (e.g. /usr/share/code/code), or run the same suites in code-server with `npm run test:integration`.';

describe('scripts/run-electron-tests.mjs', () => {
  it('says VS Code could not be downloaded and what to do instead', async () => {
    const unreachable = (): Promise<string> => Promise.reject(new Error('getaddrinfo ENOTFOUND update.code.visualstudio.com\n    at stack'));
    await assert.rejects(vscodeExecutable({}, unreachable), { message: `VS Code could not be downloaded (getaddrinfo ENOTFOUND update.code.visualstudio.com). ${whatToDo}` });
  });

  it('uses the VS Code VSCODE_EXECUTABLE names without downloading one', async () => {
    const download = (): Promise<string> => assert.fail('downloaded');
    assert.equal(await vscodeExecutable({ VSCODE_EXECUTABLE: process.execPath }, download), process.execPath);
  });

  it('stops at once, before any phase, when VSCODE_EXECUTABLE names nothing', function () {
    this.timeout(30_000);
    const result = spawnSync(process.execPath, [path.join(checkoutRoot, 'scripts/run-electron-tests.mjs')], {
      cwd: checkoutRoot,
      encoding: 'utf8',
      env: { ...process.env, VSCODE_EXECUTABLE: '/nonexistent/code' },
    });
    assert.equal(result.status, 3);
    assert.equal(result.stderr, `run-electron-tests: VSCODE_EXECUTABLE is /nonexistent/code, which does not exist. ${whatToDo}\n`);
    assert.equal(result.stdout, '0 passed, 1 failed\n');
  });
});

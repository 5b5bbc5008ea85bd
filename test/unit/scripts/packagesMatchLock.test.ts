import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkoutRoot } from './checkoutCopy.js';

const lock = {
  packages: {
    '': { name: 'elbow' },
    'node_modules/diff': { version: '9.0.0', integrity: 'sha512-a' },
    'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', integrity: 'sha512-b', optional: true },
  },
};
const installed = { packages: { 'node_modules/diff': { version: '9.0.0', integrity: 'sha512-a' } } };

function check(installedRecord: object | undefined): { status: number | null; output: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-packages-'));
  try {
    fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
    if (installedRecord) {
      fs.mkdirSync(path.join(root, 'node_modules'));
      fs.writeFileSync(path.join(root, 'node_modules/.package-lock.json'), JSON.stringify(installedRecord));
    }
    const result = spawnSync(process.execPath, [path.join(checkoutRoot, 'scripts/packagesMatchLock.mjs'), root], { encoding: 'utf8' });
    return { status: result.status, output: result.stdout };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('scripts/packagesMatchLock.mjs', () => {
  it('matches when every package of the lock is installed, optional ones for other platforms aside', () => {
    assert.deepEqual(check(installed), { status: 0, output: '' });
  });

  it('asks for an install when nothing was installed', () => {
    assert.deepEqual(check(undefined), { status: 1, output: 'node_modules does not match package-lock.json: node_modules has no record of an npm install.\n' });
  });

  it('asks for an install when a version differs, a package is missing or one is left over', () => {
    assert.match(check({ packages: { 'node_modules/diff': { version: '8.0.0', integrity: 'sha512-c' } } }).output, /node_modules\/diff is 8\.0\.0, the lock wants 9\.0\.0/);
    assert.match(check({ packages: {} }).output, /node_modules\/diff is not installed/);
    assert.match(check({ packages: { ...installed.packages, 'node_modules/left-pad': { version: '1.0.0' } } }).output, /node_modules\/left-pad is installed but not in the lock/);
  });
});

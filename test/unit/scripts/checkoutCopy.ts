import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const checkoutRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A copy of the checkout as a fresh clone has it (every file git does not ignore), sharing the
 * installed packages and tools, so the start script can build, package and install in it without
 * touching the checkout's own dist/, elbow.vsix and .vscode-dev/.
 */
export function copyCheckout(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-checkout-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: checkoutRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    const source = path.join(checkoutRoot, file);
    if (!fs.existsSync(source) || fs.lstatSync(source).isSymbolicLink()) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(source, path.join(copy, file));
  }
  for (const modules of ['node_modules', 'tools/node24/node_modules', 'tools/code-server/node_modules']) {
    fs.symlinkSync(fs.realpathSync(path.join(checkoutRoot, modules)), path.join(copy, modules));
  }
  // The copy shares node_modules: the start script must find it current, never reinstall it from here.
  const packages = spawnSync(process.execPath, ['scripts/packagesMatchLock.mjs'], { cwd: copy, encoding: 'utf8' });
  if (packages.status !== 0) {
    fs.rmSync(copy, { recursive: true, force: true });
    throw new Error(`${packages.stdout.trim()} Run npm ci in the checkout first.`);
  }
  return copy;
}

// Exits 0 when node_modules already holds what package-lock.json names, so `npm ci` can be skipped;
// 1 (saying why) when it does not. npm records what it installed in node_modules/.package-lock.json;
// optional packages for other platforms are in the lock but never installed.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why node_modules differs from the lock, or undefined when it matches. */
function packagesMismatch(lock, installed) {
  if (!installed) return 'node_modules has no record of an npm install';
  const wanted = lock.packages ?? {};
  const present = installed.packages ?? {};
  for (const [name, entry] of Object.entries(wanted)) {
    if (name === '') continue;
    const found = present[name];
    if (!found) {
      if (entry.optional) continue;
      return `${name} is not installed`;
    }
    if (found.version !== entry.version || found.integrity !== entry.integrity) return `${name} is ${found.version}, the lock wants ${entry.version}`;
  }
  const extra = Object.keys(present).find((name) => !(name in wanted));
  return extra ? `${extra} is installed but not in the lock` : undefined;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const root = process.argv[2] ?? process.cwd();
const lock = readJson(path.join(root, 'package-lock.json'));
const mismatch = lock ? packagesMismatch(lock, readJson(path.join(root, 'node_modules', '.package-lock.json'))) : 'package-lock.json is missing or unreadable';
if (mismatch) console.log(`node_modules does not match package-lock.json: ${mismatch}.`);
process.exit(mismatch ? 1 : 0);

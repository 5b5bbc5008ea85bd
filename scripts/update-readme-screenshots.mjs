// Takes the README's screenshots in real VS Code (the integration suite "the README screenshots")
// and copies them to docs/images/, where README.md shows them. `--no-run` only copies what the
// last integration run left in .test-output/screenshots/. Build first (`npm run screenshots` does).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, '.test-output', 'screenshots');
const images = path.join(root, 'docs', 'images');
const names = ['readme-panel.png', 'readme-review.png'];

if (!process.argv.includes('--no-run')) {
  for (const name of names) fs.rmSync(path.join(screenshots, name), { force: true });
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'run-vscode-tests.mjs'), 'main'], {
    stdio: 'inherit',
    env: { ...process.env, ELBOW_TEST_GREP: 'README screenshots' },
  });
  if (run.status !== 0) {
    console.error('update-readme-screenshots: the screenshot suite failed; docs/images/ is unchanged.');
    process.exit(run.status ?? 1);
  }
}

const missing = names.filter((name) => !fs.existsSync(path.join(screenshots, name)));
if (missing.length > 0) {
  console.error(`update-readme-screenshots: ${missing.join(', ')} not found in .test-output/screenshots/; run the integration tests (or this script without --no-run) first.`);
  process.exit(1);
}
fs.mkdirSync(images, { recursive: true });
for (const name of names) {
  fs.copyFileSync(path.join(screenshots, name), path.join(images, name));
  console.log(`docs/images/${name}`);
}

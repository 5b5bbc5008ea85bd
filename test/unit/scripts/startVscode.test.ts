import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyCheckout } from './checkoutCopy.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function setUp(checkout: string, folder: string): { output: string; seconds: number } {
  const started = Date.now();
  const result = spawnSync('bash', ['scripts/start-vscode.sh', '--setup-only', folder], { cwd: checkout, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout}${result.stderr}`;
  assert.equal(result.status, 0, output);
  return { output, seconds: (Date.now() - started) / 1000 };
}

/** Starts the script as the README does and resolves once its URL answers, with the seconds that took. */
async function launchUntilAnswering(checkout: string, folder: string, home: string): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const script = spawn('bash', ['scripts/start-vscode.sh', folder], { cwd: checkout, env: { ...process.env, HOME: home, PORT: String(port) }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  script.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  script.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  try {
    while (Date.now() - started < 120_000) {
      assert.equal(script.exitCode, null, `the start script ended:\n${output}`);
      const answered = await fetch(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`).then((response) => response.ok, () => false);
      if (answered) {
        assert.match(output, new RegExp(`open http://127\\.0\\.0\\.1:${port}/`));
        return (Date.now() - started) / 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the URL did not answer within two minutes:\n${output}`);
  } finally {
    const exited = new Promise((resolve) => script.once('exit', resolve));
    if (script.exitCode === null && script.pid !== undefined) process.kill(-script.pid, 'SIGTERM');
    await exited;
  }
}

describe('scripts/start-vscode.sh', function () {
  this.timeout(10 * 60_000);
  let checkout: string;
  let folder: string;
  let firstSetup: { output: string; seconds: number };

  before(() => {
    checkout = copyCheckout();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-folder-'));
    firstSetup = setUp(checkout, folder);
  });

  after(() => {
    fs.rmSync(checkout, { recursive: true, force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('skips npm ci, packaging and installing when nothing changed since the last start', () => {
    assert.doesNotMatch(firstSetup.output, /Skipped packaging/);
    const second = setUp(checkout, folder);
    assert.match(second.output, /Skipped npm ci: node_modules matches package-lock.json\./);
    assert.match(second.output, /Skipped packaging: nothing elbow.vsix is built from changed\./);
    assert.match(second.output, /Skipped installing: code-server already has this elbow.vsix\./);
    console.log(`      setup: ${firstSetup.seconds.toFixed(1)} s the first time, ${second.seconds.toFixed(1)} s with nothing changed`);
  });

  it('repackages once a source file changes', () => {
    fs.appendFileSync(path.join(checkout, 'src/extension.ts'), '\n');
    const changed = setUp(checkout, folder);
    assert.doesNotMatch(changed.output, /Skipped packaging/);
    assert.match(setUp(checkout, folder).output, /Skipped packaging/);
  });

  it('opens with the secondary side bar hidden, adding that to settings an older start left and keeping the user\'s', () => {
    const settings = path.join(checkout, '.vscode-dev/data/User/settings.json');
    fs.writeFileSync(settings, '{\n  // mine\n  "workbench.startupEditor": "none",\n  "editor.fontSize": 17\n}\n');
    setUp(checkout, folder);
    const text = fs.readFileSync(settings, 'utf8');
    assert.match(text, /\/\/ mine/);
    assert.match(text, /"editor.fontSize": 17/);
    assert.match(text, /"workbench.secondarySideBar.defaultVisibility": "hidden"/);
  });

  it('serves VS Code at the printed URL and writes nothing in the home folder', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-home-'));
    // Installing into code-server runs code-server too: make this launch do it under the empty home.
    fs.rmSync(path.join(checkout, '.vscode-dev/installed-in-code-server'));
    try {
      const seconds = await launchUntilAnswering(checkout, folder, home);
      console.log(`      URL answered ${seconds.toFixed(1)} s after launch (packages and package current, extension reinstalled)`);
      assert.deepEqual(fs.readdirSync(home, { recursive: true }), []);
      const again = await launchUntilAnswering(checkout, folder, home);
      console.log(`      URL answered ${again.toFixed(1)} s after launch with nothing changed`);
      assert.deepEqual(fs.readdirSync(home, { recursive: true }), []);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

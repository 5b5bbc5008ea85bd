// Runs the integration suites in desktop VS Code through @vscode/test-electron, the standard runner
// where VS Code can be downloaded (or VSCODE_EXECUTABLE names one). The same phases, profile and
// workspace copies as scripts/run-vscode-tests.mjs (code-server, the default here); the suites act as the
// user through the same driver, on the workbench page found over the Chrome DevTools protocol.
// On Linux without a display run it under `xvfb-run -a`. See docs/testing.md.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { chromium } from 'playwright-core';
import { delay, fail, freePort, phaseScript, phaseTimeoutMs, prepareRun, resultCounter, root, screenshotDir, selectPhases, testEnvironment } from './integrationRun.mjs';
import { vscodeExecutable } from './vscodeExecutable.mjs';
import { startDriver } from './vscodeTestDriver.mjs';

const runner = 'run-electron-tests';
let executable;
try {
  executable = await vscodeExecutable(process.env, () => downloadAndUnzipVSCode({ cachePath: path.join(root, 'tools/vscode'), timeout: 15_000 }));
} catch (error) {
  fail(runner, error.message, 3);
}
const phases = selectPhases(process.argv.slice(2));
if (phases.length === 0) fail(runner, 'no compiled suites in out/integration: run `node esbuild.js` first.', 3);

const { temp, dirs, phaseTarget } = prepareRun();
const counter = resultCounter();
let page;
const driver = await startDriver({ page: () => page, screenshotDir });
const environment = testEnvironment(dirs, driver.url);

/** The workbench page of the VS Code listening on the DevTools port, once it is there. */
async function connectWorkbench(port, stopped) {
  while (!stopped()) {
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const workbench = browser.contexts().flatMap((context) => context.pages()).find((candidate) => /workbench/.test(candidate.url()));
      if (workbench) return { browser, workbench };
      await browser.close();
    } catch {
      // Not listening yet.
    }
    await delay(250);
  }
  return undefined;
}

// The suites' output comes through test-electron on this process's stdout: count the result markers there instead of showing them.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const shown = String(chunk).split('\n').filter((line) => !counter.read(line)).join('\n');
  return shown === '' ? true : write(shown, ...rest);
};

let exitCode = 0;
const started = Date.now();
for (const phase of phases) {
  console.log(`\n── phase ${phase} ──`);
  const phaseStarted = Date.now();
  const port = await freePort();
  let finished = false;
  const target = phaseTarget[phase].folder ?? phaseTarget[phase].workspace;
  const connected = connectWorkbench(port, () => finished).then((connection) => {
    if (connection) page = connection.workbench;
    return connection;
  });
  const run = runTests({
    vscodeExecutablePath: executable,
    extensionDevelopmentPath: root,
    extensionTestsPath: phaseScript(phase),
    extensionTestsEnv: environment,
    launchArgs: [target, `--user-data-dir=${dirs['user-data']}`, `--extensions-dir=${dirs.extensions}`, `--remote-debugging-port=${port}`, '--disable-telemetry', '--no-cached-data'],
  }).then(() => 0, (error) => (typeof error.code === 'number' ? error.code : 4));
  const code = await Promise.race([run, delay(phaseTimeoutMs).then(() => 'timeout')]);
  finished = true;
  const connection = await connected;
  if (code !== 0) {
    exitCode = typeof code === 'number' ? code : 4;
    await page?.screenshot({ path: path.join(screenshotDir, `failure-${phase}.png`) }).catch(() => undefined);
  }
  if (typeof code !== 'number' && connection) {
    // test-electron keeps the window it started: close VS Code through the protocol before giving up.
    await connection.browser.newBrowserCDPSession().then((session) => session.send('Browser.close')).catch(() => undefined);
    await run;
  }
  await connection?.browser.close().catch(() => undefined);
  page = undefined;
  console.log(`phase ${phase}: ${typeof code === 'number' ? `exit ${code}` : code} after ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
  if (typeof code !== 'number') break;
}
console.log(`integration suite took ${((Date.now() - started) / 1000).toFixed(1)} s`);
await driver.close();
fs.rmSync(temp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
const { results } = counter;
if (exitCode === 0 && results.failed > 0) exitCode = 1;
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(exitCode);

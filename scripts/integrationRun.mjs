// What both integration runners share (scripts/run-vscode-tests.mjs for code-server,
// scripts/run-electron-tests.mjs for desktop VS Code): which phases run, an isolated profile and
// home, the workspace copies each phase opens, the environment of the suites and their counts.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outputDir = path.join(root, '.test-output');
export const screenshotDir = path.join(outputDir, 'screenshots');
const phaseOrder = ['main', 'afterReload', 'multiRoot', 'reviewBench', 'problemsBench', 'walks'];
/** Run only when asked for by name (`npm run bench` asks for reviewBench, `-- problems` for problemsBench, `-- walks` for walks). */
const onRequestOnly = new Set(['reviewBench', 'problemsBench', 'walks']);
export const phaseTimeoutMs = 15 * 60_000;

/** Ends the run before any suite ran, with the summary line scripts/test.sh reads. */
export function fail(runner, message, code) {
  console.error(`${runner}: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(code);
}

/** The compiled phases to run, in order: those named on the command line, else all but the on-request ones. */
export function selectPhases(requested) {
  return phaseOrder.filter((name) => fs.existsSync(phaseScript(name)) && (requested.length === 0 ? !onRequestOnly.has(name) : requested.includes(name)));
}

export function phaseScript(phase) {
  return path.join(root, 'out/integration', `${phase}.js`);
}

/**
 * A fresh temporary profile (user data with the test settings, extensions, home, XDG folders) and the
 * workspace copies: `main`, `afterReload` and `reviewBench` open the same folder, `multiRoot` a workspace of two.
 */
export function prepareRun() {
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
  const workspace = path.join(temp, 'workspace');
  fs.cpSync(path.join(root, 'test/integration/fixtures/workspace'), workspace, { recursive: true });
  const multiRoot = path.join(temp, 'multiRoot');
  fs.cpSync(path.join(root, 'test/integration/fixtures/multiRoot'), multiRoot, { recursive: true });
  const multiRootWorkspace = path.join(multiRoot, 'app', 'project.code-workspace');
  /** What each phase's window opens. */
  const phaseTarget = {
    main: { folder: workspace },
    afterReload: { folder: workspace },
    reviewBench: { folder: workspace },
    problemsBench: { folder: workspace },
    walks: { folder: workspace },
    multiRoot: { workspace: multiRootWorkspace },
  };
  fs.mkdirSync(screenshotDir, { recursive: true });
  fs.rmSync(path.join(outputDir, 'multi-root-reloaded'), { force: true });
  // A failure screenshot from an earlier run would pass for one of this run.
  for (const name of fs.readdirSync(screenshotDir)) {
    if (name.startsWith('failure-')) fs.rmSync(path.join(screenshotDir, name), { force: true });
  }
  return { temp, dirs, phaseTarget };
}

/** The environment of VS Code and the suites: the isolated home and XDG folders, the driver's address; no API keys or VS Code session variables of the caller. */
export function testEnvironment(dirs, driverUrl) {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(OPENAI|ANTHROPIC|ELBOW|VSCODE)_/.test(name));
  return Object.assign(Object.fromEntries(inherited), {
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: dirs['xdg-config'],
    XDG_DATA_HOME: dirs['xdg-data'],
    XDG_CACHE_HOME: dirs['xdg-cache'],
    XDG_RUNTIME_DIR: dirs['xdg-runtime'],
    EXTENSIONS_GALLERY: '{}',
    ELBOW_TEST_DRIVER: driverUrl,
    ELBOW_TEST_OUTPUT: outputDir,
    // The profile's folder: suites edit <user-data>/User/settings.json as a user would.
    ELBOW_TEST_USER_DATA: dirs['user-data'],
    // Only the tests whose full title matches, e.g. ELBOW_TEST_GREP="commands in the terminal".
    ...(process.env.ELBOW_TEST_GREP ? { ELBOW_TEST_GREP: process.env.ELBOW_TEST_GREP } : {}),
  });
}

/** Adds up the `ELBOW_RESULTS {...}` line each phase's suites print (test/integration/support/runSuite.ts). */
export function resultCounter() {
  const results = { passed: 0, failed: 0 };
  return {
    results,
    /** Whether the line was a result marker (and so is not shown). */
    read(line) {
      const marker = /ELBOW_RESULTS (\{.*\})/.exec(line);
      if (!marker) return false;
      const counts = JSON.parse(marker[1]);
      results.passed += counts.passed;
      results.failed += counts.failed;
      return true;
    },
  };
}

export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

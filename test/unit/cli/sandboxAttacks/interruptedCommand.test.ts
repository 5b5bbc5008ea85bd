import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { buildCliOnce, cliPath, elbowEnvironment } from '../../../support/elbowCli';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';

/** Checks now and then until `done` holds, or fails after `timeoutMs`. */
async function waitFor(done: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listTree(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true }).catch(() => []);
  return entries.map(String);
}

/**
 * Elbow ended while a sandboxed command runs (the terminal closed: SIGHUP; a CI job cancelled:
 * SIGTERM): a protected file the command planted must not stay for the user's next build.
 */
describe('a protected file planted by a command Elbow was interrupted in (real CLI, real sandbox)', function () {
  this.timeout(60_000);
  let base: string;
  let server: FakeLlmServer;

  before(function () {
    if (process.platform !== 'linux') this.skip();
    buildCliOnce();
  });
  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join('/var/tmp', 'elbow-interrupted-')));
    server = await startFakeLlmServer();
  });
  afterEach(async () => {
    await server.close();
    await fs.rm(base, { recursive: true, force: true });
  });

  for (const signal of ['SIGHUP', 'SIGTERM'] as const) {
    it(`${signal}: the command is stopped and .npmrc moved to the quarantine before Elbow exits`, async () => {
      const workspace = path.join(base, 'ws');
      const home = path.join(base, 'home');
      const dataFolder = path.join(home, '.local/share/elbow');
      await fs.mkdir(workspace, { recursive: true });
      await fs.mkdir(home, { recursive: true });
      server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: "echo 'script-shell=./evil.sh' > .npmrc; sleep 30; echo 'script-shell=./evil.sh' > .npmrc" })] }, { kind: 'reply', content: [text('Done.')] });
      const env = { ...elbowEnvironment(server, 'openai'), HOME: home, ELBOW_DATA_DIR: dataFolder, ELBOW_CONFIG_DIR: path.join(home, '.elbow') };
      const elbow = spawn(process.execPath, [cliPath, '-p', 'Set up npm.', '--cwd', workspace, '--yes'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      elbow.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => elbow.on('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })));
      const npmrc = path.join(workspace, '.npmrc');
      await waitFor(() => fs.stat(npmrc).then(() => true, () => false), `the command wrote .npmrc (${stderr})`);
      elbow.kill(signal);
      const end = await exited;
      assert.ok(end.signal === signal || end.code !== 0, `elbow ended by ${signal}: ${JSON.stringify(end)}`);
      await assert.rejects(fs.stat(npmrc), '.npmrc stayed in the workspace');
      const quarantined = (await listTree(path.join(dataFolder, 'quarantine'))).filter((entry) => entry.endsWith('.npmrc'));
      assert.equal(quarantined.length, 1, 'nothing is lost: it is in the quarantine');
      // The command was killed, not left to plant it again after the check.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await assert.rejects(fs.stat(npmrc));
    });
  }
});

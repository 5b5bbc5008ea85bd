import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { defaultSandboxSettings, type SandboxSettings } from '../../src/core/sandbox/sandboxSettings';
import { CommandSandbox } from '../../src/node/sandbox/commandSandbox';

export interface SandboxedRun {
  code: number | null;
  /** stdout and stderr together. */
  output: string;
  /** What the sandbox said afterwards (protected files moved aside). */
  notes: string[];
}

/** A workspace folder, a fake home folder beside it, and a sandbox over them with the given settings. */
export interface SandboxFixture {
  base: string;
  root: string;
  home: string;
  sandbox: CommandSandbox;
  settings: SandboxSettings;
  /** The workspace folders the sandbox writes in: `[root]` unless a test changes it. */
  roots: string[];
  run(command: string, cwd?: string): Promise<SandboxedRun>;
  cleanup(): Promise<void>;
}

const TEST_BASE = '/var/tmp';

/** `environment`: what the sandbox plans from, or a function of the fixture's folders that makes it (a HOME of the fake home). */
export async function createSandboxFixture(
  settings: Partial<SandboxSettings> = {},
  environment: NodeJS.ProcessEnv | ((folders: { home: string; root: string }) => NodeJS.ProcessEnv) = process.env,
): Promise<SandboxFixture> {
  // Outside /tmp: the sandbox has a /tmp of its own, which would hide what a command did (or could not do) there.
  const base = await fs.realpath(await fs.mkdtemp(path.join(TEST_BASE, 'elbow-sandbox-test-')));
  const root = path.join(base, 'ws');
  const home = path.join(base, 'home');
  await fs.mkdir(root);
  await fs.mkdir(home);
  const fixture: SandboxFixture = {
    base,
    root,
    home,
    settings: { ...defaultSandboxSettings, ...settings },
    roots: [root],
    sandbox: new CommandSandbox({
      roots: () => fixture.roots,
      settings: () => fixture.settings,
      ownDataFolders: () => [path.join(home, 'elbow-data')],
      quarantineFolder: path.join(base, 'quarantine'),
      homeDirectory: home,
      environment: typeof environment === 'function' ? environment({ home, root }) : environment,
    }),
    run: (command, cwd = root) => runInSandbox(fixture.sandbox, command, cwd),
    cleanup: async () => {
      await fixture.sandbox.dispose();
      await fs.rm(base, { recursive: true, force: true });
    },
  };
  return fixture;
}

export async function runInSandbox(sandbox: CommandSandbox, command: string, cwd: string): Promise<SandboxedRun> {
  const launch = await sandbox.launchCommand(command, cwd);
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(launch.file, launch.args, { env: launch.env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, output: text }));
  });
  return { code, output, notes: await launch.finish() };
}

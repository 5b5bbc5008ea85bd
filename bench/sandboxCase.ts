import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { defaultSandboxSettings, type SandboxSettings } from '../src/core/sandbox/sandboxSettings';
import { ChildProcessRunner } from '../src/node/childProcessRunner';
import { commandShell } from '../src/node/commandShell';
import { CommandSandbox } from '../src/node/sandbox/commandSandbox';
import { measureInterleaved, type MeasureOptions } from './measure';
import type { Row } from './report';

/** The repository `git status` runs in: this many files, committed. */
const REPOSITORY_FILES = 10_000;
/** What the sandbox may add to a command's time at the median. */
const ADDED_MS_GOAL = 30;

/**
 * What running a command in the sandbox costs: `true`, `ls` and `git status` in a 10,000-file
 * repository through Elbow's child-process runner, sandboxed (plan, bubblewrap, seccomp) against
 * the same runner without it, measured in turns. A second set with an `.elbowignore`, whose
 * hidden paths the sandbox finds by walking the workspace each time.
 */
export async function sandboxRows(benchDir: string, rounds: MeasureOptions, log: (line: string) => void): Promise<Row[]> {
  const repository = await ensureRepository(path.join(benchDir, 'sandbox-repository'), log);
  const runner = async (settings: Partial<SandboxSettings>): Promise<{ runner: ChildProcessRunner; sandbox: CommandSandbox }> => {
    const sandbox = new CommandSandbox({
      roots: () => [repository],
      settings: () => ({ ...defaultSandboxSettings, ...settings }),
      ownDataFolders: () => [],
      quarantineFolder: path.join(benchDir, 'sandbox-quarantine'),
    });
    const status = await sandbox.status();
    if (!status.available) throw new Error(`No sandbox here: ${status.reason}.`);
    return { runner: new ChildProcessRunner({ shell: await commandShell(), sandbox }), sandbox };
  };
  const { runner: elbow, sandbox } = await runner({});
  const rows: Row[] = [];
  try {
    for (const [label, command] of [['true', 'true'], ['ls', 'ls'], ['git status (10k files)', 'git status --porcelain']] as const) {
      const run = (sandboxed: boolean) => async (): Promise<void> => {
        const result = await elbow.run({ command, cwd: repository, timeoutMs: 60_000, signal: new AbortController().signal, sandboxed });
        if (result.exitCode !== 0) throw new Error(`${command} failed (sandboxed: ${sandboxed}): ${result.output}${result.note ?? ''}`);
      };
      const timings = await measureInterleaved({ sandboxed: { run: run(true) }, plain: { run: run(false) } }, rounds);
      rows.push({ label: `sandbox: ${label}`, elbow: timings.sandboxed, baseline: timings.plain, goal: { kind: 'addedAtMost', ms: ADDED_MS_GOAL } });
    }
    await fs.writeFile(path.join(repository, '.elbowignore'), '.env\n*.pem\nsecrets/\n');
    const timings = await measureInterleaved({
      sandboxed: { run: () => elbow.run({ command: 'git status --porcelain', cwd: repository, timeoutMs: 60_000, signal: new AbortController().signal, sandboxed: true }) },
      plain: { run: () => elbow.run({ command: 'git status --porcelain', cwd: repository, timeoutMs: 60_000, signal: new AbortController().signal, sandboxed: false }) },
    }, rounds);
    rows.push({ label: 'sandbox: git status, with .elbowignore', elbow: timings.sandboxed, baseline: timings.plain, goal: { kind: 'none' } });
  } finally {
    await fs.rm(path.join(repository, '.elbowignore'), { force: true });
    await elbow.dispose();
    await sandbox.dispose();
  }
  return rows;
}

async function ensureRepository(folder: string, log: (line: string) => void): Promise<string> {
  if (await fs.stat(path.join(folder, '.git', 'index')).then(() => true, () => false)) return folder;
  log(`Generating a ${REPOSITORY_FILES.toLocaleString('en')}-file repository in ${folder} …`);
  await fs.rm(folder, { recursive: true, force: true });
  for (let index = 0; index < REPOSITORY_FILES; index++) {
    const file = path.join(folder, `module${index % 100}`, `file${index}.ts`);
    if (index % 100 === 0 || index < 100) await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, `export const value${index} = ${index};\n`);
  }
  const git = (...args: string[]): void => void execFileSync('git', ['-C', folder, '-c', 'user.name=Bench', '-c', 'user.email=bench@elbow.invalid', ...args], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'files');
  return folder;
}

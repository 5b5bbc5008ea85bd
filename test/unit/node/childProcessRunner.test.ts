import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CommandRequest, CommandResult } from '../../../src/core/host/commandRunner';
import { ChildProcessRunner, type ChildProcessRunnerOptions } from '../../../src/node/childProcessRunner';
import { settlesWithin } from '../../support/settlesWithin';

/** Generous: these run real processes on a possibly loaded machine. */
const PROMPTLY_MS = 8000;

/** Whether `pid` is a live process; a zombie (killed, never reaped by a container's init) is not. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = PROMPTLY_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function readPid(file: string): Promise<number> {
  return waitFor(async () => {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    return /^\d+\n/.test(text) ? Number.parseInt(text, 10) : undefined;
  }, `a pid in ${file}`);
}

describe('ChildProcessRunner', () => {
  let folder: string;
  const runners: ChildProcessRunner[] = [];
  const makeRunner = (options: Partial<ChildProcessRunnerOptions> = {}): ChildProcessRunner => {
    const runner = new ChildProcessRunner({ shell: '/bin/sh', ...options });
    runners.push(runner);
    return runner;
  };
  const run = (command: string, request: Partial<CommandRequest> = {}, runner = makeRunner()): Promise<CommandResult> =>
    runner.run({ command, cwd: folder, timeoutMs: 20_000, signal: new AbortController().signal, sandboxed: false, ...request });

  beforeEach(async () => {
    folder = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-runner-')));
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.dispose()));
    await fs.rm(folder, { recursive: true, force: true });
  });

  describe('run', () => {
    it('returns the exit code and stdout and stderr together', async () => {
      const result = await run('echo hi; echo err >&2; exit 3');
      assert.equal(result.exitCode, 3);
      assert.equal(result.ending, 'exited');
      assert.equal(result.note, undefined);
      assert.deepEqual(result.output.split('\n').sort(), ['', 'err', 'hi']);
    });

    it('keeps stdout and stderr in the order they were written', async () => {
      const result = await run('echo 1; sleep 0.4; echo 2 >&2; sleep 0.4; echo 3; sleep 0.4; echo 4 >&2');
      assert.equal(result.output, '1\n2\n3\n4\n');
      assert.equal(result.exitCode, 0);
    });

    it('streams chunks to onOutput as they arrive', async () => {
      const chunks: string[] = [];
      const result = await run('echo one; sleep 0.5; echo two', { onOutput: (chunk) => chunks.push(chunk) });
      assert.deepEqual(chunks, ['one\n', 'two\n']);
      assert.equal(result.output, 'one\ntwo\n');
    });

    it('runs in the given folder, through the given shell, with pagers and prompts off', async () => {
      assert.equal((await run('pwd')).output, `${folder}\n`);
      const bash = makeRunner({ shell: 'bash', env: { PATH: process.env.PATH, ELBOW_PROBE: 'x' } });
      const result = await run('echo "${BASH_VERSION:+bash} $PAGER $GIT_PAGER $GIT_TERMINAL_PROMPT $ELBOW_PROBE"', {}, bash);
      assert.equal(result.output, 'bash cat cat 0 x\n');
    });

    it('decodes a multi-byte character split across writes', async () => {
      const chunks: string[] = [];
      // € is E2 82 AC; its bytes arrive in two writes.
      const result = await run("printf '\\342\\202'; sleep 0.3; printf '\\254!\\n'", { onOutput: (chunk) => chunks.push(chunk) });
      assert.equal(result.output, '€!\n');
      assert.ok(chunks.every((chunk) => !chunk.includes('\uFFFD')), JSON.stringify(chunks));
    });

    it('captures large output whole', async () => {
      const size = 5 * 1024 * 1024;
      const result = await run(`head -c ${size} /dev/zero | tr '\\0' a`);
      assert.equal(result.output.length, size);
      // Not /^a+$/: on a 5 MB string that regular expression can exhaust the stack.
      assert.equal(/[^a]/.exec(result.output)?.index, undefined, 'every character is an a');
      assert.equal(result.exitCode, 0);
    });

    it('keeps the first and last part of output beyond the cap and says what was dropped', async () => {
      const result = await run('seq 1 10000', {}, makeRunner({ maxOutputChars: 1000 }));
      // seq prints 48,894 bytes; 1,000 are kept.
      assert.match(result.output, /^1\n2\n3\n/);
      assert.match(result.output, /\n9999\n10000\n$/);
      assert.match(result.output, /\n\[… 46\.8 KB of output dropped …\]\n/);
      assert.equal(result.output.replace(/\n\[….*…\]\n/, '').length, 1000);
    });

    it('ends a command that reads stdin at once (stdin is empty)', async () => {
      const running = run('cat; read line; echo "read:$line"');
      assert.ok(await settlesWithin(running, PROMPTLY_MS), 'the command waited for input');
      assert.equal((await running).output, 'read:\n');
    });

    it('reports a process killed by a signal', async () => {
      const result = await run('echo before; kill -9 $$');
      assert.equal(result.exitCode, undefined);
      assert.equal(result.ending, 'exited');
      assert.equal(result.output, 'before\n');
      assert.match(result.note ?? '', /killed by signal SIGKILL/);
    });

    it('stops what the command left running with its output open once it exits', async () => {
      const running = run('sleep 30 & echo $! > pid; echo bye');
      assert.ok(await settlesWithin(running, PROMPTLY_MS), 'it waited for the backgrounded process');
      const result = await running;
      assert.equal(result.exitCode, 0);
      assert.equal(result.output, 'bye\n');
      assert.match(result.note ?? '', /left running in the background were stopped/);
      assert.equal(isRunning(await readPid(path.join(folder, 'pid'))), false);
    });

    it('stops the whole process tree on timeout', async () => {
      const started = Date.now();
      const running = run('sleep 30 & echo $! > pid; echo started; sleep 30', { timeoutMs: 500 });
      assert.ok(await settlesWithin(running, PROMPTLY_MS), 'the command ran on past its timeout');
      const result = await running;
      // The timeout the runner keeps, not a speed: a loaded machine only makes it longer.
      assert.ok(Date.now() - started >= 450, `stopped after ${Date.now() - started} ms, before its timeout`);
      assert.deepEqual({ ending: result.ending, exitCode: result.exitCode, output: result.output }, { ending: 'timedOut', exitCode: undefined, output: 'started\n' });
      assert.equal(isRunning(await readPid(path.join(folder, 'pid'))), false, 'the backgrounded grandchild survived');
    });

    it('stops the whole process tree when cancelled', async () => {
      const controller = new AbortController();
      const onOutput = (chunk: string): void => {
        if (chunk.includes('started')) controller.abort();
      };
      const running = run('sleep 30 & echo $! > pid; echo started; sleep 30', { signal: controller.signal, onOutput });
      assert.ok(await settlesWithin(running, PROMPTLY_MS), 'the command ran on after the cancel');
      const result = await running;
      assert.deepEqual({ ending: result.ending, exitCode: result.exitCode, output: result.output }, { ending: 'cancelled', exitCode: undefined, output: 'started\n' });
      assert.equal(isRunning(await readPid(path.join(folder, 'pid'))), false);
    });

    it('does not start a command whose signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      const result = await run('touch ran', { signal: controller.signal });
      assert.deepEqual(result, { exitCode: undefined, output: '', ending: 'cancelled' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await assert.rejects(fs.access(path.join(folder, 'ran')));
    });

    it('kills a tree that ignores SIGTERM once the grace period is over', async () => {
      const controller = new AbortController();
      let abortedAt = 0;
      const onOutput = (chunk: string): void => {
        if (!chunk.includes('ready')) return;
        abortedAt = Date.now();
        controller.abort();
      };
      const runner = makeRunner({ killGraceMs: 600 });
      const running = run('trap "" TERM; sleep 30 & echo $! > pid; echo ready; wait', { signal: controller.signal, onOutput }, runner);
      assert.ok(await settlesWithin(running, PROMPTLY_MS), 'the tree outlived the grace period');
      const result = await running;
      assert.equal(result.ending, 'cancelled');
      // The grace period the runner keeps, not a speed: a loaded machine only makes it longer.
      assert.ok(Date.now() - abortedAt >= 550, `killed after ${Date.now() - abortedAt} ms, within the grace period`);
      assert.equal(isRunning(await readPid(path.join(folder, 'pid'))), false);
    });

    it('explains a command that cannot start instead of throwing', async () => {
      const missingFolder = await run('echo hi', { cwd: path.join(folder, 'missing') });
      assert.deepEqual({ ...missingFolder, note: undefined }, { exitCode: undefined, output: '', ending: 'exited', note: undefined });
      assert.equal(missingFolder.note, `The command could not start: the folder ${path.join(folder, 'missing')} does not exist.`);

      await fs.writeFile(path.join(folder, 'file'), '');
      assert.match((await run('echo hi', { cwd: path.join(folder, 'file') })).note ?? '', /file is not a folder/);

      const missingShell = await run('echo hi', {}, makeRunner({ shell: '/nonexistent/shell' }));
      assert.equal(missingShell.exitCode, undefined);
      assert.match(missingShell.note ?? '', /the shell \/nonexistent\/shell could not be run \(.*ENOENT.*\)/);
    });
  });

  describe('start', () => {
    it('streams output, stops the tree, and reports the exit once', async () => {
      const chunks: string[] = [];
      const exits: (number | undefined)[] = [];
      const started = await makeRunner().start({
        sandboxed: false,
        command: 'echo $$; sleep 30 & echo $! > pid; sleep 30',
        cwd: folder,
        title: 'sleeper',
        onOutput: (chunk) => chunks.push(chunk),
        onExit: (code) => exits.push(code),
      });
      const shellPid = await waitFor(() => (/^(\d+)\n/.exec(chunks.join('')) ?? [])[1], 'the shell pid');
      const grandchild = await readPid(path.join(folder, 'pid'));
      assert.equal(isRunning(grandchild), true);
      await started.stop();
      assert.deepEqual(exits, [undefined]);
      assert.equal(isRunning(Number(shellPid)), false);
      assert.equal(isRunning(grandchild), false);
      await started.stop();
      assert.deepEqual(exits, [undefined]);
    });

    it('reports a natural exit with its code, and stop afterwards is a no-op', async () => {
      const chunks: string[] = [];
      const exits: (number | undefined)[] = [];
      // A grace period longer than the test: a stop that signalled the exited process would wait it out.
      const runner = makeRunner({ killGraceMs: 60_000 });
      const started = await runner.start({ sandboxed: false, command: 'echo done; exit 4', cwd: folder, title: 't', onOutput: (chunk) => chunks.push(chunk), onExit: (code) => exits.push(code) });
      await waitFor(() => (exits.length > 0 ? true : undefined), 'the exit');
      assert.ok(await settlesWithin(started.stop(), PROMPTLY_MS), 'stop waited on a process that had exited');
      assert.deepEqual(exits, [4]);
      assert.equal(chunks.join(''), 'done\n');
    });

    it('reports a process that cannot start through its output and exit', async () => {
      const chunks: string[] = [];
      const exits: (number | undefined)[] = [];
      await makeRunner().start({ sandboxed: false, command: 'echo hi', cwd: path.join(folder, 'missing'), title: 't', onOutput: (chunk) => chunks.push(chunk), onExit: (code) => exits.push(code) });
      await waitFor(() => (exits.length > 0 ? true : undefined), 'the exit');
      assert.deepEqual(exits, [undefined]);
      assert.match(chunks.join(''), /could not start: the folder .*missing does not exist/);
    });
  });

  it('dispose stops every running process', async () => {
    const runner = makeRunner();
    const exits: (number | undefined)[] = [];
    for (const name of ['a', 'b']) {
      await runner.start({ sandboxed: false, command: `echo $$ > ${name}; sleep 30`, cwd: folder, title: name, onOutput: () => undefined, onExit: (code) => exits.push(code) });
    }
    const running = run('echo $$ > c; sleep 30', {}, runner);
    const pids = await Promise.all(['a', 'b', 'c'].map((name) => readPid(path.join(folder, name))));
    assert.ok(pids.every(isRunning));
    await runner.dispose();
    assert.deepEqual(exits, [undefined, undefined]);
    assert.deepEqual(pids.map(isRunning), [false, false, false]);
    assert.equal((await running).exitCode, undefined);
  });
});

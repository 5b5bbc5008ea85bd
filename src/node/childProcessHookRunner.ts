import type { HookRunner, HookRunRequest, HookRunResult } from '../core/host/hookRunner';
import { CappedOutput } from './cappedOutput';
import type { CommandSandbox, SandboxedLaunch } from './sandbox/commandSandbox';
import { startShellProcess } from './shellProcess';

export interface ChildProcessHookRunnerOptions {
  /** The user's shell, for the user's own hooks. */
  shell: string;
  /** Where a workspace's hooks run; without one they cannot run. */
  sandbox?: CommandSandbox;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}

/** A hook's stdout is JSON or a few lines of context: more than this is cut in the middle. */
const MAX_OUTPUT_CHARS = 256 * 1024;
const KILL_GRACE_MS = 2000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs hooks as child processes: the user's own through their shell, a workspace's in the OS sandbox. */
export class ChildProcessHookRunner implements HookRunner {
  constructor(private readonly options: ChildProcessHookRunnerOptions) {}

  async sandboxAvailable(): Promise<{ available: true } | { available: false; reason: string }> {
    const status = await (this.options.sandbox?.status() ?? Promise.resolve({ available: false as const, reason: 'there is no sandbox here' }));
    return status.available ? { available: true } : { available: false, reason: status.reason };
  }

  async run(request: HookRunRequest): Promise<HookRunResult> {
    if (request.signal.aborted) return { exitCode: undefined, stdout: '', stderr: '', ending: 'cancelled' };
    let sandboxed: SandboxedLaunch | undefined;
    if (request.sandboxed) {
      if (this.options.sandbox === undefined) return notStarted('it was to run in the sandbox, and there is none here');
      try {
        sandboxed = await this.options.sandbox.launchCommand(request.command, request.cwd, request.env);
      } catch (error) {
        return notStarted(`the sandbox could not be set up (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    const platform = this.options.platform ?? process.platform;
    const stdout = new CappedOutput(MAX_OUTPUT_CHARS);
    const stderr = new CappedOutput(MAX_OUTPUT_CHARS);
    const running = startShellProcess({
      shell: this.options.shell,
      platform,
      env: sandboxed?.env ?? { ...(this.options.env ?? process.env), ...request.env },
      graceMs: KILL_GRACE_MS,
      command: request.command,
      cwd: request.cwd,
      stdin: request.stdin,
      onOutput: (chunk) => stdout.append(chunk),
      onErrorOutput: (chunk) => stderr.append(chunk),
      ...(sandboxed === undefined ? {} : { invocation: { file: sandboxed.file, args: sandboxed.args } }),
    });
    if (running.pid !== undefined && platform !== 'win32') sandboxed?.started(running.pid);
    let ending: HookRunResult['ending'] = 'exited';
    const stopFor = (reason: 'timedOut' | 'cancelled'): void => {
      if (ending !== 'exited') return;
      ending = reason;
      void running.stop();
    };
    const timer = setTimeout(() => stopFor('timedOut'), Math.min(Math.max(request.timeoutMs, 0), MAX_TIMEOUT_MS));
    const onAbort = (): void => stopFor('cancelled');
    request.signal.addEventListener('abort', onAbort, { once: true });
    const end = await running.ended;
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
    const notes = (await sandboxed?.finish()) ?? [];
    const note = notes.length === 0 ? {} : { note: notes.join(' ') };
    if (end.kind === 'failedToStart') return notStarted(end.message);
    if (ending !== 'exited') return { exitCode: undefined, stdout: stdout.text(), stderr: stderr.text(), ending, ...note };
    return { exitCode: end.exitCode, stdout: stdout.text(), stderr: stderr.text(), ending, ...note };
  }
}

function notStarted(why: string): HookRunResult {
  return { exitCode: undefined, stdout: '', stderr: '', ending: 'notStarted', note: why };
}

import type { BackgroundRequest, CommandRequest, CommandResult, CommandRunner, SandboxStatus, StartedProcess } from '../core/host/commandRunner';
import { CappedOutput } from './cappedOutput';
import type { CommandSandbox, SandboxedLaunch } from './sandbox/commandSandbox';
import { startShellProcess, type ShellProcess, type ShellProcessEnd } from './shellProcess';

export interface ChildProcessRunnerOptions {
  /** The user's shell: bash, zsh, fish, sh, cmd.exe, powershell, pwsh… */
  shell: string;
  platform?: NodeJS.Platform;
  /** Environment for the commands; defaults to this process's. */
  env?: NodeJS.ProcessEnv;
  /** How long a stopped process tree may take to end before it is killed outright. */
  killGraceMs?: number;
  /** Most characters of output one `run` keeps; the middle of longer output is dropped. */
  maxOutputChars?: number;
  /** Runs the commands asked to run sandboxed; without one, none can. */
  sandbox?: CommandSandbox;
}

const DEFAULT_KILL_GRACE_MS = 2000;
const DEFAULT_MAX_OUTPUT_CHARS = 20 * 1024 * 1024;
/** Longer delays overflow setTimeout, which then fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs commands as child processes of this one, through the user's shell (the terminal host's runner). */
export class ChildProcessRunner implements CommandRunner {
  private readonly live = new Set<ShellProcess>();

  constructor(private readonly options: ChildProcessRunnerOptions) {}

  sandboxStatus(): Promise<SandboxStatus> {
    return this.options.sandbox?.status() ?? Promise.resolve({ available: false, reason: 'this runner has no sandbox' });
  }

  async run(request: CommandRequest): Promise<CommandResult> {
    if (request.signal.aborted) return { exitCode: undefined, output: '', ending: 'cancelled' };
    const output = new CappedOutput(this.options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS);
    const launched = await this.launch(request, (chunk) => {
      output.append(chunk);
      request.onOutput?.(chunk);
    });
    if ('failure' in launched) return { exitCode: undefined, output: '', ending: 'exited', note: launched.failure };
    const { running, finish } = launched;

    let ending: CommandResult['ending'] = 'exited';
    let stopped: Promise<void> | undefined;
    const stopFor = (reason: 'timedOut' | 'cancelled'): void => {
      if (stopped) return;
      ending = reason;
      stopped = running.stop();
    };
    const timer = setTimeout(() => stopFor('timedOut'), Math.min(Math.max(request.timeoutMs, 0), MAX_TIMEOUT_MS));
    const onAbort = (): void => stopFor('cancelled');
    request.signal.addEventListener('abort', onAbort, { once: true });
    const end = await running.ended;
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
    await stopped;

    const sandboxNotes = await finish();
    if (end.kind === 'failedToStart') return { exitCode: undefined, output: output.text(), ending: 'exited', note: joinNotes([end.message, ...sandboxNotes]) };
    if (ending !== 'exited') return { exitCode: undefined, output: output.text(), ending, ...noteOf(sandboxNotes) };
    return { exitCode: end.exitCode, output: output.text(), ending, ...noteOf([exitNote(end), ...sandboxNotes]) };
  }

  async start(request: BackgroundRequest): Promise<StartedProcess> {
    const launched = await this.launch(request, (chunk) => request.onOutput(chunk));
    if ('failure' in launched) {
      request.onOutput(`${launched.failure}\n`);
      request.onExit(undefined);
      return { stop: async () => undefined };
    }
    const { running, finish } = launched;
    const exited = running.ended.then(async (end) => {
      if (end.kind === 'failedToStart') request.onOutput(`${end.message}\n`);
      for (const note of await finish()) request.onOutput(`[Elbow] ${note}\n`);
      request.onExit(end.kind === 'exited' ? end.exitCode : undefined);
    });
    return {
      stop: async () => {
        await running.stop();
        await exited;
      },
    };
  }

  /** Stops every process still running (for shutdown); resolves once they are gone. */
  async dispose(): Promise<void> {
    await Promise.all([...this.live].map((running) => running.stop()));
  }

  private async launch(
    request: { command: string; cwd: string; sandboxed: boolean },
    onOutput: (chunk: string) => void,
  ): Promise<{ running: ShellProcess; finish: () => Promise<string[]> } | { failure: string }> {
    let sandboxed: SandboxedLaunch | undefined;
    if (request.sandboxed) {
      if (this.options.sandbox === undefined) return { failure: 'The command was not run: it was to run in the sandbox, and there is none here.' };
      try {
        sandboxed = await this.options.sandbox.launchCommand(request.command, request.cwd);
      } catch (error) {
        return { failure: `The command was not run: the sandbox could not be set up (${error instanceof Error ? error.message : String(error)}).` };
      }
    }
    const running = startShellProcess({
      shell: this.options.shell,
      platform: this.options.platform ?? process.platform,
      env: sandboxed?.env ?? { ...(this.options.env ?? process.env), PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' },
      graceMs: this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      command: request.command,
      cwd: request.cwd,
      onOutput,
      ...(sandboxed === undefined ? {} : { invocation: { file: sandboxed.file, args: sandboxed.args } }),
    });
    this.live.add(running);
    if (running.pid !== undefined && (this.options.platform ?? process.platform) !== 'win32') sandboxed?.started(running.pid);
    void running.ended.then(() => this.live.delete(running));
    return { running, finish: () => sandboxed?.finish() ?? Promise.resolve([]) };
  }
}

function noteOf(notes: readonly (string | undefined)[]): { note?: string } {
  const note = joinNotes(notes);
  return note === undefined ? {} : { note };
}

function joinNotes(notes: readonly (string | undefined)[]): string | undefined {
  const kept = notes.filter((note): note is string => note !== undefined && note !== '');
  return kept.length === 0 ? undefined : kept.join(' ');
}

function exitNote(end: Extract<ShellProcessEnd, { kind: 'exited' }>): string | undefined {
  const notes: string[] = [];
  if (end.signal !== undefined) notes.push(`The process was killed by signal ${end.signal}.`);
  if (end.strayProcessesStopped) notes.push('Processes it left running in the background were stopped when it exited.');
  return notes.length === 0 ? undefined : notes.join(' ');
}

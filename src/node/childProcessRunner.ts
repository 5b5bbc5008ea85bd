import type { BackgroundRequest, CommandRequest, CommandResult, CommandRunner, StartedProcess } from '../core/host/commandRunner';
import { CappedOutput } from './cappedOutput';
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
}

const DEFAULT_KILL_GRACE_MS = 2000;
const DEFAULT_MAX_OUTPUT_CHARS = 20 * 1024 * 1024;
/** Longer delays overflow setTimeout, which then fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Runs commands as child processes of this one, through the user's shell (the terminal host's runner). */
export class ChildProcessRunner implements CommandRunner {
  private readonly live = new Set<ShellProcess>();

  constructor(private readonly options: ChildProcessRunnerOptions) {}

  async run(request: CommandRequest): Promise<CommandResult> {
    if (request.signal.aborted) return { exitCode: undefined, output: '', ending: 'cancelled' };
    const output = new CappedOutput(this.options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS);
    const running = this.launch(request.command, request.cwd, (chunk) => {
      output.append(chunk);
      request.onOutput?.(chunk);
    });

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

    if (end.kind === 'failedToStart') return { exitCode: undefined, output: output.text(), ending: 'exited', note: end.message };
    if (ending !== 'exited') return { exitCode: undefined, output: output.text(), ending };
    const note = exitNote(end);
    return { exitCode: end.exitCode, output: output.text(), ending, ...(note === undefined ? {} : { note }) };
  }

  async start(request: BackgroundRequest): Promise<StartedProcess> {
    const running = this.launch(request.command, request.cwd, (chunk) => request.onOutput(chunk));
    void running.ended.then((end) => {
      if (end.kind === 'failedToStart') request.onOutput(`${end.message}\n`);
      request.onExit(end.kind === 'exited' ? end.exitCode : undefined);
    });
    return { stop: () => running.stop() };
  }

  /** Stops every process still running (for shutdown); resolves once they are gone. */
  async dispose(): Promise<void> {
    await Promise.all([...this.live].map((running) => running.stop()));
  }

  private launch(command: string, cwd: string, onOutput: (chunk: string) => void): ShellProcess {
    const running = startShellProcess({
      shell: this.options.shell,
      platform: this.options.platform ?? process.platform,
      env: { ...(this.options.env ?? process.env), PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' },
      graceMs: this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      command,
      cwd,
      onOutput,
    });
    this.live.add(running);
    void running.ended.then(() => this.live.delete(running));
    return running;
  }
}

function exitNote(end: Extract<ShellProcessEnd, { kind: 'exited' }>): string | undefined {
  const notes: string[] = [];
  if (end.signal !== undefined) notes.push(`The process was killed by signal ${end.signal}.`);
  if (end.strayProcessesStopped) notes.push('Processes it left running in the background were stopped when it exited.');
  return notes.length === 0 ? undefined : notes.join(' ');
}

import * as vscode from 'vscode';
import type { CommandRequest, CommandResult } from '../../core/host/commandRunner';
import { changeDirectoryCommand } from './changeDirectoryCommand';

type EarlyStop = 'timedOut' | 'cancelled' | 'closed' | 'neverStarted';

export interface TerminalOptions {
  name: string;
  cwd: string;
  shellPath?: string;
  shellArgs?: string[];
  /** How long to wait for the shell to report its integration. */
  integrationTimeoutMs: number;
  /** The shell process's whole environment (a sandboxed terminal's); else VS Code's, with Elbow's few additions. */
  environment?: Record<string, string>;
  /** The shell the user types into, when `shellPath` only launches it (the sandbox's launcher). */
  shell?: string;
  /** The tab's icon. */
  icon?: string;
}

/** Raw output kept per command; a runaway command keeps its latest output. */
const MAX_OUTPUT_CHARACTERS = 20_000_000;
/** After Ctrl+C, how long the command gets to end before the terminal (and the process tree with it) is closed. */
const INTERRUPT_GRACE_MS = 3000;
/** The output stream may end a little after the end event. */
const STREAM_DRAIN_MS = 1500;
const PROMPT_SETTLE_MS = 400;
/** A started command reports itself at once (its first data is the shell's start mark); silence means it never ran. */
const START_TIMEOUT_MS = 5000;

/** A command's result, or word that the shell never started it (the terminal is then closed). */
export type TerminalCommandResult = CommandResult & { neverStarted?: boolean };

/** A VS Code terminal whose shell reports commands through shell integration. */
export class ShellTerminal implements vscode.Disposable {
  private closed = false;
  /** When the last command ended: the next waits for the prompt to settle (see `execute`). */
  private lastEnded = 0;
  /** Where the shell was started, until it reports its folder itself. */
  private startedIn: string | undefined;
  private readonly closeListeners = new Set<() => void>();
  private readonly subscription: vscode.Disposable;
  busy = false;

  private constructor(readonly terminal: vscode.Terminal, private readonly shell: string, cwd: string) {
    this.startedIn = cwd;
    this.subscription = vscode.window.onDidCloseTerminal((closed) => {
      if (closed !== terminal) return;
      this.closed = true;
      for (const listener of this.closeListeners) listener();
    });
  }

  /** Opens a terminal and waits for its shell integration; `undefined` (terminal closed again) when none comes. */
  static async open(options: TerminalOptions): Promise<ShellTerminal | undefined> {
    const terminal = vscode.window.createTerminal({
      name: options.name,
      cwd: options.cwd,
      shellPath: options.shellPath,
      shellArgs: options.shellArgs,
      iconPath: new vscode.ThemeIcon(options.icon ?? 'hubot'),
      env: options.environment ?? { PAGER: 'cat', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0' },
      strictEnv: options.environment !== undefined,
    });
    const integrated = await waitForIntegration(terminal, options.integrationTimeoutMs);
    if (!integrated) {
      terminal.dispose();
      return undefined;
    }
    // A command sent the moment integration starts can lose its end mark: let the first prompt settle.
    await delay(PROMPT_SETTLE_MS);
    return new ShellTerminal(terminal, options.shell ?? (options.shellPath || vscode.env.shell), options.cwd);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Settles once the terminal is closed, by the user or by Elbow. */
  whenClosed(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const onClose = (): void => {
        this.closeListeners.delete(onClose);
        resolve();
      };
      this.closeListeners.add(onClose);
    });
  }

  async run(request: CommandRequest): Promise<TerminalCommandResult> {
    this.busy = true;
    try {
      const currentFolder = this.terminal.shellIntegration?.cwd?.fsPath ?? this.startedIn;
      if (currentFolder !== request.cwd) {
        const changed = await this.execute({ ...request, command: changeDirectoryCommand(this.shell, request.cwd), onOutput: undefined, timeoutMs: 10_000 });
        if (changed.neverStarted) return changed;
        if (changed.ending !== 'exited' || changed.exitCode !== 0) return { ...changed, note: `Could not change to ${request.cwd} in the terminal.` };
      }
      this.startedIn = undefined;
      return await this.execute(request);
    } finally {
      this.busy = false;
    }
  }

  /** Runs a command and hands over its output as it comes, until it ends or `stop` is called. */
  stream(command: string, onOutput: (chunk: string) => void): { ended: Promise<number | undefined>; stop: () => Promise<void> } {
    const stopper = new AbortController();
    const ended = this.execute({ command, cwd: '', timeoutMs: 0, signal: stopper.signal, onOutput, sandboxed: false }).then((result) => result.exitCode);
    return {
      ended,
      stop: async () => {
        stopper.abort();
        await ended;
      },
    };
  }

  dispose(): void {
    const wasOpen = !this.closed;
    this.closed = true;
    this.subscription.dispose();
    this.terminal.dispose();
    if (wasOpen) for (const listener of [...this.closeListeners]) listener();
  }

  private async execute(request: CommandRequest): Promise<TerminalCommandResult> {
    const integration = this.terminal.shellIntegration;
    if (integration === undefined || this.closed) return { exitCode: undefined, output: '', ending: 'exited', note: 'The terminal was closed.' };
    this.terminal.show(true);
    // Sent right after the last command ended, while the shell still draws its prompt, VS Code may take the
    // prompt for unfinished input and clear it with Ctrl+C, which the shell then applies to the start of this
    // command (seen: "echo hello && pwd" ran as "ox && pwd"). Let the prompt settle first.
    await delay(Math.max(0, this.lastEnded + PROMPT_SETTLE_MS - Date.now()));
    const execution = integration.executeCommand(request.command);
    let output = '';
    let started = false;
    const reading = (async () => {
      for await (const data of execution.read()) {
        started = true;
        output = output.length + data.length > MAX_OUTPUT_CHARACTERS ? (output + data).slice(-MAX_OUTPUT_CHARACTERS / 2) : output + data;
        request.onOutput?.(data);
      }
    })().catch(() => undefined);
    const waits: vscode.Disposable[] = [];
    const ended = new Promise<number | undefined>((resolve) => {
      waits.push(vscode.window.onDidEndTerminalShellExecution((event) => {
        if (event.execution === execution) resolve(event.exitCode);
      }));
    });
    const stopped = this.whenStopped(request, () => started, waits);
    // The stream ends with the command; when the end event is lost (seen right after a shell starts), the stream's end stands in for it.
    const streamEnded = reading.then(() => delay(STREAM_DRAIN_MS)).then(() => ({ exitCode: undefined, lostEndEvent: true }));
    try {
      const first = await Promise.race([ended.then((exitCode) => ({ exitCode, lostEndEvent: false })), streamEnded, stopped]);
      if (typeof first === 'object') {
        await Promise.race([reading, delay(STREAM_DRAIN_MS)]);
        const note = first.lostEndEvent ? 'The terminal did not report the exit code.' : undefined;
        return { exitCode: first.exitCode, output, ending: 'exited', ...(note ? { note } : {}) };
      }
      if (first === 'closed') return { exitCode: undefined, output, ending: 'cancelled', note: 'The user closed the terminal while the command ran.' };
      if (first === 'neverStarted') {
        this.closed = true;
        this.dispose();
        return { exitCode: undefined, output, ending: 'exited', neverStarted: true };
      }
      await this.interrupt(ended);
      return { exitCode: undefined, output, ending: first };
    } finally {
      for (const wait of waits) wait.dispose();
      this.lastEnded = Date.now();
    }
  }

  /** Why the command must stop before it ends: its timeout, the user's cancel, the terminal closing, or no output within START_TIMEOUT_MS. */
  private whenStopped(request: CommandRequest, hasStarted: () => boolean, waits: vscode.Disposable[]): Promise<EarlyStop> {
    return new Promise<EarlyStop>((resolve) => {
      if (request.timeoutMs > 0) {
        const timer = setTimeout(() => resolve('timedOut'), request.timeoutMs);
        waits.push({ dispose: () => clearTimeout(timer) });
      }
      const onAbort = (): void => resolve('cancelled');
      request.signal.addEventListener('abort', onAbort, { once: true });
      waits.push({ dispose: () => request.signal.removeEventListener('abort', onAbort) });
      const startWatch = setTimeout(() => {
        if (!hasStarted()) resolve('neverStarted');
      }, START_TIMEOUT_MS);
      waits.push({ dispose: () => clearTimeout(startWatch) });
      const onClose = (): void => resolve('closed');
      this.closeListeners.add(onClose);
      waits.push({ dispose: () => this.closeListeners.delete(onClose) });
    });
  }

  /** Ctrl+C to the foreground process group; when that does not end it, closing the terminal ends the whole tree. */
  private async interrupt(ended: Promise<unknown>): Promise<void> {
    this.terminal.sendText('\u0003', false);
    const outcome = await Promise.race([ended.then(() => 'ended' as const), delay(INTERRUPT_GRACE_MS).then(() => 'late' as const)]);
    if (outcome === 'late') {
      this.closed = true;
      this.dispose();
    }
  }
}

function waitForIntegration(terminal: vscode.Terminal, timeoutMs: number): Promise<boolean> {
  if (terminal.shellIntegration !== undefined) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), timeoutMs);
    const subscriptions = [
      vscode.window.onDidChangeTerminalShellIntegration((event) => {
        if (event.terminal === terminal) finish(true);
      }),
      vscode.window.onDidCloseTerminal((closed) => {
        if (closed === terminal) finish(false);
      }),
    ];
    function finish(integrated: boolean): void {
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.dispose();
      resolve(integrated);
    }
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

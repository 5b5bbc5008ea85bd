import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BackgroundRequest, CommandRequest, CommandResult, CommandRunner, StartedProcess } from '../../core/host/commandRunner';
import type { ChildProcessRunner } from '../../node/childProcessRunner';
import { defaultShell } from '../../node/defaultShell';
import { MirroredTerminal } from './mirroredTerminal';
import { ShellTerminal } from './shellTerminal';

export interface TerminalSettings {
  /** Empty: VS Code's default terminal shell. */
  shellPath: string;
  shellArgs: string[];
  integrationTimeoutMs: number;
}

export interface TerminalRunnerOptions {
  settings(): TerminalSettings;
  /** Runs commands as child processes when the shell has no integration. */
  fallback(shell: string): ChildProcessRunner;
  log: vscode.LogOutputChannel;
}

const TERMINAL_NAME = 'Elbow';
const FALLBACK_NOTE = 'The terminal\'s shell did not report shell integration, so the command ran as a separate process (mirrored in the "Elbow" terminal).';

/**
 * Runs the agent's commands in a visible "Elbow" terminal through shell integration (output
 * and exit code from VS Code); when the shell has no integration, as child processes whose
 * output is mirrored into a terminal of Elbow's own.
 */
export class TerminalRunner implements CommandRunner, vscode.Disposable {
  private shared: ShellTerminal | undefined;
  private mirror: MirroredTerminal | undefined;
  /** The settings under which shell integration did not come: do not wait for it again. */
  private integrationMissingFor: string | undefined;
  private readonly background = new Set<vscode.Disposable>();
  private readonly fallbacks = new Map<string, ChildProcessRunner>();

  constructor(private readonly options: TerminalRunnerOptions) {}

  async run(request: CommandRequest): Promise<CommandResult> {
    if (request.signal.aborted) return { exitCode: undefined, output: '', ending: 'cancelled' };
    // A shell that never starts the command (seen with remote and slow-starting shells) gets one more terminal, then the fallback.
    for (let attempt = 1; attempt <= 2; attempt++) {
      const terminal = await this.sharedTerminal(request.cwd);
      if (terminal === undefined) break;
      const { neverStarted, ...result } = await terminal.run(request);
      if (!neverStarted) return result;
      this.options.log.warn(`The terminal did not start \`${request.command}\` (attempt ${attempt}).`);
    }
    return this.runMirrored(request);
  }

  async start(request: BackgroundRequest): Promise<StartedProcess> {
    const settings = this.options.settings();
    const terminal = this.integrationMissingFor === settingsKey(settings)
      ? undefined
      : await ShellTerminal.open({ name: `${TERMINAL_NAME}: ${shorten(request.title)}`, cwd: request.cwd, ...this.shellOptions(settings) });
    if (terminal === undefined) return this.startMirrored(request, settings);
    this.background.add(terminal);
    const running = terminal.stream(request.command, request.onOutput);
    void running.ended.then((exitCode) => request.onExit(exitCode));
    return {
      stop: async () => {
        await running.stop();
        this.background.delete(terminal);
        terminal.dispose();
      },
    };
  }

  dispose(): void {
    this.shared?.dispose();
    this.mirror?.dispose();
    for (const terminal of this.background) terminal.dispose();
    for (const runner of this.fallbacks.values()) void runner.dispose();
  }

  private async sharedTerminal(cwd: string): Promise<ShellTerminal | undefined> {
    if (this.shared?.isOpen && !this.shared.busy) return this.shared;
    const settings = this.options.settings();
    if (this.integrationMissingFor === settingsKey(settings)) return undefined;
    const opened = await ShellTerminal.open({ name: TERMINAL_NAME, cwd, ...this.shellOptions(settings) });
    if (opened === undefined) {
      this.integrationMissingFor = settingsKey(settings);
      this.options.log.warn(`No shell integration from ${settings.shellPath || vscode.env.shell} within ${settings.integrationTimeoutMs} ms: commands run as child processes.`);
      return undefined;
    }
    if (this.shared?.isOpen && this.shared.busy) {
      // The shared terminal is still busy (a stopped command that lingers): this one becomes the shared one.
      this.background.add(this.shared);
    } else {
      this.shared?.dispose();
    }
    this.shared = opened;
    return opened;
  }

  private async runMirrored(request: CommandRequest): Promise<CommandResult> {
    const mirror = this.mirrorTerminal();
    await mirror.showCommand(request.command, request.cwd);
    const interrupted = new AbortController();
    const forward = (): void => interrupted.abort();
    request.signal.addEventListener('abort', forward, { once: true });
    mirror.onInterrupt = forward;
    try {
      const result = await this.fallbackRunner().run({
        ...request,
        signal: interrupted.signal,
        onOutput: (chunk) => {
          mirror.output(chunk);
          request.onOutput?.(chunk);
        },
      });
      mirror.showEnd(result.ending === 'timedOut' ? 'timed out' : result.ending === 'cancelled' ? 'stopped' : `exit code ${result.exitCode ?? 'unknown'}`);
      const ending = result.ending === 'cancelled' && !request.signal.aborted ? 'cancelled' : result.ending;
      return { ...result, ending, note: [result.note, FALLBACK_NOTE].filter(Boolean).join(' ') };
    } finally {
      request.signal.removeEventListener('abort', forward);
      mirror.onInterrupt = undefined;
    }
  }

  private async startMirrored(request: BackgroundRequest, settings: TerminalSettings): Promise<StartedProcess> {
    const mirror = new MirroredTerminal(`${TERMINAL_NAME}: ${shorten(request.title)}`);
    this.background.add(mirror);
    await mirror.showCommand(request.command, request.cwd);
    const started = await this.fallbackRunner(settings).start({
      ...request,
      onOutput: (chunk) => {
        mirror.output(chunk);
        request.onOutput(chunk);
      },
      onExit: (exitCode) => {
        mirror.showEnd(`exit code ${exitCode ?? 'unknown'}`);
        request.onExit(exitCode);
      },
    });
    mirror.onInterrupt = () => void started.stop();
    return {
      stop: async () => {
        await started.stop();
        this.background.delete(mirror);
      },
    };
  }

  private mirrorTerminal(): MirroredTerminal {
    if (this.mirror?.isOpen) return this.mirror;
    this.mirror = new MirroredTerminal(TERMINAL_NAME);
    return this.mirror;
  }

  private fallbackRunner(settings = this.options.settings()): ChildProcessRunner {
    const shell = terminalShell(settings);
    let runner = this.fallbacks.get(shell);
    if (runner === undefined) {
      runner = this.options.fallback(shell);
      this.fallbacks.set(shell, runner);
    }
    return runner;
  }

  private shellOptions(settings: TerminalSettings): { shellPath?: string; shellArgs?: string[]; integrationTimeoutMs: number } {
    return {
      shellPath: settings.shellPath || undefined,
      shellArgs: settings.shellPath && settings.shellArgs.length > 0 ? settings.shellArgs : undefined,
      integrationTimeoutMs: settings.integrationTimeoutMs,
    };
  }
}

/** The shell Elbow's terminals run: the setting, else VS Code's default terminal shell. */
export function terminalShell(settings: TerminalSettings): string {
  return settings.shellPath || vscode.env.shell || defaultShell();
}

function settingsKey(settings: TerminalSettings): string {
  return JSON.stringify([settings.shellPath, settings.shellArgs, path.basename(vscode.env.shell)]);
}

function shorten(title: string): string {
  return title.length > 40 ? `${title.slice(0, 39)}…` : title;
}

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BackgroundRequest, CommandRequest, CommandResult, CommandRunner, SandboxStatus, StartedProcess } from '../../core/host/commandRunner';
import type { LastCommand } from '../../core/mentions/mentionTexts';
import type { ChildProcessRunner } from '../../node/childProcessRunner';
import { defaultShell } from '../../node/defaultShell';
import type { CommandSandbox } from '../../node/sandbox/commandSandbox';
import { MirroredTerminal } from './mirroredTerminal';
import { SandboxedTerminals, type SandboxedTerminal } from './sandboxedTerminals';
import { ShellTerminal } from './shellTerminal';

export interface TerminalSettings {
  /** Empty: VS Code's default terminal shell. */
  shellPath: string;
  shellArgs: string[];
  integrationTimeoutMs: number;
}

export interface TerminalRunnerOptions {
  settings(): TerminalSettings;
  /** Runs commands as child processes when the shell has no integration (sandboxed ones in the same sandbox). */
  fallback(shell: string): ChildProcessRunner;
  sandbox: CommandSandbox;
  log: vscode.LogOutputChannel;
}

const TERMINAL_NAME = 'Elbow';
const SANDBOXED_NAME = 'Elbow (sandboxed)';
const OUTSIDE_NAME = 'Elbow (outside the sandbox)';
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
  private readonly sandboxedTerminals: SandboxedTerminals;
  private sandboxed: SandboxedTerminal | undefined;

  constructor(private readonly options: TerminalRunnerOptions) {
    this.sandboxedTerminals = new SandboxedTerminals(options.sandbox, () => options.settings().integrationTimeoutMs);
  }

  sandboxStatus(): Promise<SandboxStatus> {
    return this.options.sandbox.status();
  }

  /** The agent's last finished command and its output, for the `@terminal` mention. */
  lastCommand: LastCommand | undefined;

  async run(request: CommandRequest): Promise<CommandResult> {
    const result = await this.runInTerminal(request);
    if (result.ending !== 'cancelled') this.lastCommand = { command: request.command, output: result.output, exitCode: result.exitCode };
    return result;
  }

  private async runInTerminal(request: CommandRequest): Promise<CommandResult> {
    if (request.signal.aborted) return { exitCode: undefined, output: '', ending: 'cancelled' };
    if (request.sandboxed) return this.runSandboxed(request);
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
    if (request.sandboxed) {
      const opened = await this.sandboxedTerminals.open(`${SANDBOXED_NAME}: ${shorten(request.title)}`, request.cwd);
      return opened === undefined ? this.startMirrored(request, settings) : this.stream(opened.terminal, request);
    }
    const terminal = this.integrationMissingFor === settingsKey(settings)
      ? undefined
      : await ShellTerminal.open({ name: `${TERMINAL_NAME}: ${shorten(request.title)}`, cwd: request.cwd, ...this.shellOptions(settings) });
    if (terminal === undefined) return this.startMirrored(request, settings);
    return this.stream(terminal, request);
  }

  dispose(): void {
    this.shared?.dispose();
    this.sandboxed?.terminal.dispose();
    this.mirror?.dispose();
    for (const terminal of this.background) terminal.dispose();
    for (const runner of this.fallbacks.values()) void runner.dispose();
  }

  private stream(terminal: ShellTerminal, request: BackgroundRequest): StartedProcess {
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

  /** In the sandboxed terminal; a shell that never starts the command gets one more terminal, then the sandboxed fallback. */
  private async runSandboxed(request: CommandRequest): Promise<CommandResult> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      const opened = await this.sandboxedTerminals.open(SANDBOXED_NAME, request.cwd, this.sandboxed);
      if (opened === undefined) break;
      if (opened !== this.sandboxed) this.retire(this.sandboxed);
      this.sandboxed = opened;
      const { neverStarted, ...result } = await opened.terminal.run(request);
      if (neverStarted) {
        this.options.log.warn(`The sandboxed terminal did not start \`${request.command}\` (attempt ${attempt}).`);
        continue;
      }
      const notes = await opened.shell.check();
      return notes.length === 0 ? result : { ...result, note: [result.note, ...notes].filter(Boolean).join(' ') };
    }
    return this.runMirrored(request);
  }

  /** A terminal replaced by a newer one closes, unless a stopped command still lingers in it. */
  private retire(previous: SandboxedTerminal | undefined): void {
    if (previous === undefined) return;
    if (previous.terminal.isOpen && previous.terminal.busy) this.background.add(previous.terminal);
    else previous.terminal.dispose();
  }

  private async sharedTerminal(cwd: string): Promise<ShellTerminal | undefined> {
    if (this.shared?.isOpen && !this.shared.busy) return this.shared;
    const settings = this.options.settings();
    if (this.integrationMissingFor === settingsKey(settings)) return undefined;
    const opened = await ShellTerminal.open({ name: await this.outsideName(), cwd, ...this.shellOptions(settings) });
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

  /** With a sandbox, the plain terminal is where the commands the user let out run; without one it is just "Elbow". */
  private async outsideName(): Promise<string> {
    return (await this.options.sandbox.status()).available ? OUTSIDE_NAME : TERMINAL_NAME;
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

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandSandbox, SandboxedShell } from '../../node/sandbox/commandSandbox';
import { ShellTerminal } from './shellTerminal';

/** Where VS Code keeps its shell integration script for bash (the same in VS Code and code-server). */
const BASH_INTEGRATION = ['out', 'vs', 'workbench', 'contrib', 'terminal', 'common', 'scripts', 'shellIntegration-bash.sh'];

export interface SandboxedTerminal {
  terminal: ShellTerminal;
  shell: SandboxedShell;
}

/**
 * Terminals whose shell runs in the sandbox: bash inside bubblewrap (or Seatbelt) with VS Code's
 * shell integration loaded by hand, so the user watches each command as typed while everything
 * it runs stays contained. A terminal is reused while the sandbox it was made with still holds
 * (same settings, protected and hidden paths); otherwise a new one replaces it.
 */
export class SandboxedTerminals {
  constructor(private readonly sandbox: CommandSandbox, private readonly integrationTimeoutMs: () => number) {}

  /** A new sandboxed terminal, or undefined when none can report shell integration (then commands run as mirrored processes). */
  async open(name: string, cwd: string, reusable?: SandboxedTerminal): Promise<SandboxedTerminal | undefined> {
    const status = await this.sandbox.status();
    const script = integrationScript();
    if (!status.available || script === undefined || path.basename(status.shell) !== 'bash') return undefined;
    const shell = await this.sandbox.launchShell(cwd, () => ['--init-file', script], terminalVariables(), [path.dirname(script)]);
    if (reusable?.terminal.isOpen && !reusable.terminal.busy && reusable.shell.key === shell.key) {
      await shell.finish();
      return reusable;
    }
    const terminal = await ShellTerminal.open({
      name,
      cwd,
      shellPath: shell.file,
      shellArgs: shell.args,
      environment: shell.env,
      shell: status.shell,
      integrationTimeoutMs: this.integrationTimeoutMs(),
      icon: 'shield',
    });
    if (terminal === undefined) {
      await shell.finish();
      return undefined;
    }
    void terminal.whenClosed().then(() => shell.finish());
    return { terminal, shell };
  }
}

function integrationScript(): string | undefined {
  const script = path.join(vscode.env.appRoot, ...BASH_INTEGRATION);
  return fs.existsSync(script) ? script : undefined;
}

/** What VS Code gives a terminal's shell, which the sandbox's clean environment would otherwise lack. */
function terminalVariables(): Record<string, string> {
  return {
    TERM: 'xterm-256color',
    COLORTERM: 'truecolor',
    TERM_PROGRAM: 'vscode',
    // The integration script then reads ~/.bashrc, as a normal VS Code terminal does.
    VSCODE_INJECTION: '1',
  };
}

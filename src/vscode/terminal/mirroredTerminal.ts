import * as vscode from 'vscode';

/**
 * A terminal that shows what child processes print, for shells without shell integration:
 * the user still watches every command, and Ctrl+C in it stops the running one.
 */
export class MirroredTerminal implements vscode.Disposable {
  readonly terminal: vscode.Terminal;
  private readonly writes = new vscode.EventEmitter<string>();
  private readonly closes = new vscode.EventEmitter<void>();
  private opened: Promise<void>;
  private closed = false;
  /** Called when the user presses Ctrl+C in the terminal. */
  onInterrupt: (() => void) | undefined;

  constructor(name: string) {
    let markOpen: () => void = () => undefined;
    this.opened = new Promise((resolve) => (markOpen = resolve));
    const pty: vscode.Pseudoterminal = {
      onDidWrite: this.writes.event,
      onDidClose: this.closes.event,
      open: () => markOpen(),
      close: () => {
        this.closed = true;
        this.onInterrupt?.();
      },
      handleInput: (data) => {
        if (data.includes('\u0003')) this.onInterrupt?.();
      },
    };
    this.terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon('hubot') });
    // A terminal that is never shown may never open; output written before is kept by the emitter's first listener.
    this.opened = Promise.race([this.opened, new Promise<void>((resolve) => setTimeout(resolve, 1000))]);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  async showCommand(command: string, cwd: string): Promise<void> {
    this.terminal.show(true);
    await this.opened;
    this.write(`\x1b[2m${cwd}\x1b[0m\r\n\x1b[1m$ ${command.replace(/\r?\n/g, '\r\n  ')}\x1b[0m\r\n`);
  }

  output(chunk: string): void {
    this.write(chunk.replace(/\r?\n/g, '\r\n'));
  }

  showEnd(text: string): void {
    this.write(`\x1b[2m[${text}]\x1b[0m\r\n\r\n`);
  }

  dispose(): void {
    this.closed = true;
    this.terminal.dispose();
    this.writes.dispose();
    this.closes.dispose();
  }

  private write(text: string): void {
    if (!this.closed) this.writes.fire(text);
  }
}

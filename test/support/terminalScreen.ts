import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { TerminalRenderer } from '../../src/cli/terminalRenderer';

/** A terminal for the interactive chat: keystrokes go in, everything written shows on one screen. */
export interface TerminalScreen {
  input: PassThrough;
  output: PassThrough;
  renderer: TerminalRenderer;
  /** All text written so far. */
  text(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

export function createTerminalScreen(): TerminalScreen {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
  const write = (chunk: string): void => void output.write(chunk);
  return {
    input,
    output,
    renderer: new TerminalRenderer({ stdout: write, stderr: write }, { streamText: true, labelAnswers: true, color: false }),
    text: () => screen,
    waitFor: async (pattern, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(screen)) {
        if (Date.now() > deadline) assert.fail(`screen never showed ${pattern}:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

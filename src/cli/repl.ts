import * as readline from 'node:readline';
import type { AgentSession } from '../core/agent/agentSession';
import type { AgentEvent, RunOutcome } from '../core/agent/agentEvents';
import { attachTypedMentions } from '../core/mentions/attachTypedMentions';
import type { AskLine } from './cliApprovals';
import { updatedContextReading, type ContextReading } from './contextReading';
import { modeAnnouncement, promptFor } from './planModePrompt';
import { parseSlashCommand, slashCommandHelp } from './slashCommands';
import { contentWithImages, ImageFileError, imagesInLine } from './imageFiles';
import { usageReport, windowReading } from './usageReport';

export interface EventRenderer {
  handle(event: AgentEvent): void;
}

export interface ReplIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  renderer: EventRenderer;
  /** Receives the chat's way of asking the user a question while a request runs (permission prompts). */
  onAskLine?: (askLine: AskLine) => void;
}

/**
 * The interactive chat: `You:` prompt, streamed answers, slash commands (`/help`). Ctrl-C cancels
 * a running request; at an idle prompt it clears the line, and a second Ctrl-C (or Ctrl-D) quits.
 */
export function runInteractiveChat(session: AgentSession, io: ReplIo): Promise<void> {
  return new InteractiveChat(session, io).run();
}

class InteractiveChat {
  private readonly rl: readline.Interface;
  private controller: AbortController | undefined;
  private interruptedOnce = false;
  /** Set while a permission question waits for the user's line. */
  private pendingAnswer: ((line: string) => void) | undefined;
  private context: ContextReading | undefined;

  constructor(private readonly session: AgentSession, private readonly io: ReplIo) {
    this.rl = readline.createInterface({ input: io.input, output: io.output, terminal: true, prompt: promptFor(session.mode) });
  }

  run(): Promise<void> {
    this.io.onAskLine?.((question, signal) => this.askLine(question, signal));
    this.rl.on('SIGINT', () => this.interrupt());
    this.rl.on('line', (line) => this.readLine(line));
    this.io.output.write('Elbow: ask about or change the code in this folder. /help lists commands, Ctrl-C cancels, Ctrl-D quits.\n');
    this.rl.prompt();
    return new Promise((resolve) => this.rl.on('close', () => {
      this.controller?.abort();
      this.io.output.write('\n');
      resolve();
    }));
  }

  private readonly handle = (event: AgentEvent): void => {
    this.context = updatedContextReading(this.context, event);
    this.io.renderer.handle(event);
  };

  private askLine(question: string, signal: AbortSignal): Promise<string | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      this.io.output.write(`\n${question}`);
      const onAbort = (): void => {
        this.pendingAnswer = undefined;
        resolve(undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingAnswer = (line) => {
        signal.removeEventListener('abort', onAbort);
        this.pendingAnswer = undefined;
        resolve(line);
      };
    });
  }

  private interrupt(): void {
    if (this.controller) {
      this.controller.abort();
      return;
    }
    const { rl } = this;
    if (rl.line.length > 0 || !this.interruptedOnce) {
      this.interruptedOnce = rl.line.length === 0;
      this.io.output.write(this.interruptedOnce ? '\n(Press Ctrl-C again or Ctrl-D to quit.)\n' : '\n');
      rl.write(null, { ctrl: true, name: 'u' });
      rl.prompt();
      return;
    }
    rl.close();
  }

  private readLine(line: string): void {
    this.interruptedOnce = false;
    if (this.pendingAnswer) return this.pendingAnswer(line);
    const prompt = line.trim();
    if (this.controller) {
      this.io.output.write('(Elbow is still working: press Ctrl-C to cancel.)\n');
      return;
    }
    if (prompt === '') return this.rl.prompt();
    this.runPrompt(prompt);
  }

  private runPrompt(prompt: string): void {
    const { session, handle } = this;
    const command = parseSlashCommand(prompt);
    switch (command?.name) {
      case undefined:
        return void this.sendWithMentions(prompt);
      case 'exit':
        return this.rl.close();
      case 'help':
        return this.say(slashCommandHelp);
      case 'usage':
        return this.say(usageReport(session.usageTotals, this.context, windowReading(session.limits)));
      case 'retry':
        return void this.runRequest((signal) => session.retry(handle, signal));
      case 'compact':
        return void this.runRequest((signal) => session.compact(handle, signal, command.focus));
      case 'mode':
        session.mode = command.mode === 'toggle' ? (session.mode === 'plan' ? 'act' : 'plan') : command.mode;
        this.rl.setPrompt(promptFor(session.mode));
        return this.say(modeAnnouncement(session.mode));
    }
  }

  /**
   * `@path` attaches a file and `--image FILE` an image; a line with one that cannot be attached
   * sends nothing, says why and is given back to edit.
   */
  private async sendWithMentions(prompt: string): Promise<void> {
    const { session, handle } = this;
    const { text, files } = imagesInLine(prompt);
    const line = await attachTypedMentions(text, session.workspace, session.host.files);
    if ('problems' in line) return this.giveBack(prompt, line.problems.map((problem) => `Not sent: ${problem}`).join('\n'));
    if (line.attached.length > 0) this.io.output.write(`(Attached ${line.attached.join(', ')}.)\n`);
    let content: Awaited<ReturnType<typeof contentWithImages>>;
    try {
      content = await contentWithImages(line.message === '' ? 'What is in this image?' : line.message, files);
    } catch (error) {
      if (!(error instanceof ImageFileError)) throw error;
      return this.giveBack(prompt, error.message);
    }
    await this.runRequest((signal) => session.send(content, handle, signal));
  }

  private giveBack(line: string, reason: string): void {
    this.io.output.write(`${reason}\n`);
    this.rl.prompt();
    this.rl.write(line);
  }

  private say(text: string): void {
    this.io.output.write(text);
    this.rl.prompt();
  }

  private async runRequest(start: (signal: AbortSignal) => Promise<RunOutcome | undefined>): Promise<void> {
    this.controller = new AbortController();
    try {
      await start(this.controller.signal);
    } finally {
      this.controller = undefined;
      this.rl.prompt();
    }
  }
}

/** Piped input: every non-empty line is one prompt, run in order. Resolves true if all succeeded. */
export async function runPipedPrompts(session: AgentSession, input: NodeJS.ReadableStream, renderer: EventRenderer, signal: AbortSignal): Promise<boolean> {
  const rl = readline.createInterface({ input, terminal: false, crlfDelay: Infinity });
  let allSucceeded = true;
  for await (const line of rl) {
    const prompt = line.trim();
    if (prompt === '') continue;
    if (signal.aborted) break;
    const outcome = await session.send(prompt, (event) => renderer.handle(event), signal);
    if (outcome.reason !== 'completed') allSucceeded = false;
    if (outcome.reason === 'cancelled') break;
  }
  rl.close();
  return allSucceeded;
}

import * as readline from 'node:readline';
import type { AgentSession } from '../core/agent/agentSession';
import type { AgentEvent, RunOutcome } from '../core/agent/agentEvents';
import type { AskLine } from './cliApprovals';
import { updatedContextReading, type ContextReading } from './contextReading';
import { parseSlashCommand, slashCommandHelp } from './slashCommands';
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
  const rl = readline.createInterface({ input: io.input, output: io.output, terminal: true, prompt: 'You: ' });
  let controller: AbortController | undefined;
  let interruptedOnce = false;
  let pendingAnswer: ((line: string) => void) | undefined;
  let context: ContextReading | undefined;
  const handle = (event: AgentEvent): void => {
    context = updatedContextReading(context, event);
    io.renderer.handle(event);
  };
  const say = (text: string): void => {
    io.output.write(text);
    rl.prompt();
  };

  io.onAskLine?.((question, signal) => new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    io.output.write(`\n${question}`);
    const onAbort = (): void => {
      pendingAnswer = undefined;
      resolve(undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    pendingAnswer = (line) => {
      signal.removeEventListener('abort', onAbort);
      pendingAnswer = undefined;
      resolve(line);
    };
  }));

  const runRequest = async (start: (signal: AbortSignal) => Promise<RunOutcome>): Promise<void> => {
    controller = new AbortController();
    try {
      await start(controller.signal);
    } finally {
      controller = undefined;
      rl.prompt();
    }
  };

  rl.on('SIGINT', () => {
    if (controller) {
      controller.abort();
      return;
    }
    if (rl.line.length > 0 || !interruptedOnce) {
      interruptedOnce = rl.line.length === 0;
      io.output.write(interruptedOnce ? '\n(Press Ctrl-C again or Ctrl-D to quit.)\n' : '\n');
      rl.write(null, { ctrl: true, name: 'u' });
      rl.prompt();
      return;
    }
    rl.close();
  });

  rl.on('line', (line) => {
    interruptedOnce = false;
    if (pendingAnswer) return pendingAnswer(line);
    const prompt = line.trim();
    if (controller) {
      io.output.write('(Elbow is still working: press Ctrl-C to cancel.)\n');
      return;
    }
    if (prompt === '') return rl.prompt();
    const command = parseSlashCommand(prompt);
    switch (command?.name) {
      case undefined:
        return void runRequest((signal) => session.send(prompt, handle, signal));
      case 'exit':
        return rl.close();
      case 'help':
        return say(slashCommandHelp);
      case 'usage':
        return say(usageReport(session.usageTotals, context, windowReading(session.limits)));
      case 'retry':
        return void runRequest((signal) => session.retry(handle, signal));
      case 'compact':
        return void runRequest((signal) => session.compact(handle, signal, command.focus));
    }
  });

  io.output.write('Elbow: ask about or change the code in this folder. /help lists commands, Ctrl-C cancels, Ctrl-D quits.\n');
  rl.prompt();
  return new Promise((resolve) => rl.on('close', () => {
    controller?.abort();
    io.output.write('\n');
    resolve();
  }));
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

import { agentCommandReply } from './agentList';
import * as readline from 'node:readline';
import { AgentRun } from '../core/agent/agentRun';
import type { AgentSession } from '../core/agent/agentSession';
import type { AgentEvent, RunOutcome } from '../core/agent/agentEvents';
import { attachTypedMentions } from '../core/mentions/attachTypedMentions';
import type { McpResourceReader } from '../core/mentions/typedResourceMentions';
import type { AskLine } from './cliApprovals';
import { updatedContextReading, type ContextReading } from './contextReading';
import { modeAnnouncement, promptFor } from './planModePrompt';
import { printable } from './printable';
import { withTypedResources } from './resourceMentions';
import { TerminalPrompt, type HoldPrompt } from './terminalPrompt';
import { QueuedLines } from './queuedLines';
import { parseSlashCommand, slashCommandHelp } from './slashCommands';
import { contentWithImages, ImageFileError, imagesInLine } from './imageFiles';
import { cliSlashCatalog, customSlashHelp } from './cliSlashCatalog';
import { expandTypedSlash } from '../core/customize/slashExpansion';
import type { SlashCatalog } from '../core/customize/slashCatalog';
import type { SlashSource } from '../core/customize/slashSource';
import { usageReport, windowReading } from './usageReport';

export interface EventRenderer {
  handle(event: AgentEvent): void;
}

export interface ReplIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  renderer: EventRenderer;
  /** Receives the chat's way of asking the user a question while a request runs (permission prompts), and of asking one of several lines whole. */
  onAskLine?: (askLine: AskLine, hold: HoldPrompt) => void;
  /** Slash commands besides Elbow's and the customizations' (the MCP servers' prompts). */
  slashSources?: readonly SlashSource[];
  /** `/customize`: the listing, or with `trust` the question and its outcome, as text to show. */
  customize?: (trust: boolean, askLine: AskLine) => Promise<string>;
  /** Where `@mcp:<server>:<uri>` mentions are read (the MCP servers). */
  resources?: McpResourceReader;
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
  /** The requests, one at a time; its events go to the renderer. */
  private readonly agentRun: AgentRun<AgentSession>;
  /** How the last request ended; `undefined` when it could not start. */
  private outcome: RunOutcome | undefined;
  private interruptedOnce = false;
  /** The one question waiting for the user's line, whoever asks. */
  private readonly prompt: TerminalPrompt;
  private context: ContextReading | undefined;
  /** Lines typed while a run goes on. */
  private readonly queued = new QueuedLines();
  private readonly slashCatalog: SlashCatalog;

  constructor(private readonly session: AgentSession, private readonly io: ReplIo) {
    this.rl = readline.createInterface({ input: io.input, output: io.output, terminal: true, prompt: promptFor(session.mode) });
    this.prompt = new TerminalPrompt((text) => this.io.output.write(text));
    this.slashCatalog = cliSlashCatalog(session, io.slashSources);
    this.agentRun = new AgentRun({ makeSession: () => Promise.resolve(session), conversation: session.conversation });
    this.agentRun.subscribe((change) => {
      if (change.type === 'event') this.handle(change.event);
      if (change.type === 'event' && change.event.type === 'done') this.outcome = change.event.outcome;
      if (change.type === 'failed') this.io.output.write(printable(`Error: ${change.message}\n`));
    });
  }

  run(): Promise<void> {
    this.io.onAskLine?.(this.prompt.ask, this.prompt.hold);
    this.rl.on('SIGINT', () => this.interrupt());
    this.rl.on('line', (line) => this.readLine(line));
    this.io.output.write('Elbow: ask about or change the code in this folder. /help lists commands, Ctrl-C cancels, Ctrl-D quits.\n');
    this.rl.prompt();
    return new Promise((resolve) => this.rl.on('close', () => {
      void this.agentRun.stop();
      this.io.output.write('\n');
      resolve();
    }));
  }

  private readonly handle = (event: AgentEvent): void => {
    this.context = updatedContextReading(this.context, event);
    this.io.renderer.handle(event);
  };

  private interrupt(): void {
    if (this.agentRun.isRunning) {
      void this.agentRun.stop();
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
    if (this.prompt.answer(line)) return;
    const prompt = line.trim();
    if (this.agentRun.isRunning) return this.readLineWhileRunning(prompt);
    if (prompt === '') return this.rl.prompt();
    this.runPrompt(prompt);
  }

  /** A line typed during a run is queued for when it ends; `/steer` hands it to the run at its next turn. */
  private readLineWhileRunning(prompt: string): void {
    const command = parseSlashCommand(prompt);
    if (command === undefined) {
      if (prompt === '') return;
      this.queued.add(prompt);
      this.io.output.write('(Queued: sent when Elbow finishes. /steer sends it now.)\n');
    } else if (command.name === 'steer') {
      const text = command.text ?? this.queued.take();
      if (text === undefined) this.io.output.write('(Nothing to steer: type /steer and your message, or type a line first.)\n');
      else if (this.agentRun.steer(text)) this.io.output.write('(Steering: Elbow reads this before its next step.)\n');
      else this.queued.add(text);
    } else {
      this.io.output.write('(Elbow is still working: type a line to queue it, /steer to send it now, Ctrl-C to cancel.)\n');
    }
  }

  private runPrompt(prompt: string): void {
    const { session, agentRun } = this;
    const command = parseSlashCommand(prompt);
    switch (command?.name) {
      case undefined:
        return void this.sendTyped(prompt);
      case 'exit':
        return this.rl.close();
      case 'help':
        return this.say(slashCommandHelp + customSlashHelp(this.slashCatalog));
      case 'usage':
        return this.say(usageReport(session.usageTotals, this.context, windowReading(session.limits)));
      case 'retry':
        return void this.runRequest(() => agentRun.retry());
      case 'compact':
        return void this.runRequest(() => agentRun.compact(command.focus));
      case 'mode':
        session.pickAgent((command.mode === 'toggle' ? session.mode !== 'plan' : command.mode === 'plan') ? 'Plan' : 'Agent');
        this.rl.setPrompt(promptFor(session.mode));
        return this.say(modeAnnouncement(session.mode));
      case 'customize':
        return void this.customize(command.trust);
      case 'agent':
        return this.say(agentCommandReply(session, command.agent, () => this.rl.setPrompt(promptFor(session.mode))));
      case 'steer':
        // Nothing is running to steer: the message starts a run of its own.
        return command.text === undefined ? this.say('(Nothing is running: type your message to send it.)\n') : this.runPrompt(command.text);
    }
  }

  /** A prompt file's, skill's or MCP server's `/name args` goes out expanded, its missing values asked for here; anything else as typed. */
  private async sendTyped(prompt: string): Promise<void> {
    const signal = new AbortController().signal;
    const expansion = await expandTypedSlash(this.slashCatalog, prompt, (argument, entry) => this.prompt.ask(`/${entry.name} needs ${argument.name}${argument.description ? ` (${argument.description})` : ''}: `, signal), signal);
    if (expansion.kind === 'none') return this.sendWithMentions(prompt);
    if (expansion.kind === 'cancelled') return this.giveBack(prompt, '(Not sent.)');
    if (expansion.kind === 'error') return this.giveBack(prompt, `Not sent: ${expansion.message}`);
    this.io.output.write(printable(`(/${expansion.entry.name} from ${expansion.entry.source}.)\n`));
    await this.runRequest(() => this.agentRun.send(expansion.content));
  }

  /**
   * `@path` attaches a file and `--image FILE` an image; a line with one that cannot be attached
   * sends nothing, says why and is given back to edit.
   */
  private async sendWithMentions(prompt: string): Promise<void> {
    const { session } = this;
    const { text, files } = imagesInLine(prompt);
    const line = await attachTypedMentions(text, session.workspace, session.host.files);
    if ('problems' in line) return this.giveBack(prompt, line.problems.map((problem) => `Not sent: ${problem}`).join('\n'));
    if (line.attached.length > 0) this.io.output.write(printable(`(Attached ${line.attached.join(', ')}.)\n`));
    const { resources } = this.io;
    const message = resources === undefined ? line.message : await withTypedResources(text, line.message, resources, (said) => this.io.output.write(`${printable(said)}\n`), new AbortController().signal);
    let content: Awaited<ReturnType<typeof contentWithImages>>;
    try {
      content = await contentWithImages(message === '' ? 'What is in this image?' : message, files);
    } catch (error) {
      if (!(error instanceof ImageFileError)) throw error;
      return this.giveBack(prompt, error.message);
    }
    await this.runRequest(() => this.agentRun.send(content));
  }

  private async customize(trust: boolean): Promise<void> {
    const { customize } = this.io;
    if (customize === undefined) return this.say('(No customizations are read here.)\n');
    const signal = new AbortController().signal;
    try {
      this.say(await customize(trust, (question) => this.prompt.ask(question, signal)));
    } catch (error) {
      this.say(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }

  /** `reason` names files and paths, so it is made printable. */
  private giveBack(line: string, reason: string): void {
    this.io.output.write(`${printable(reason)}\n`);
    this.rl.prompt();
    this.rl.write(line);
  }

  private say(text: string): void {
    this.io.output.write(printable(text));
    this.rl.prompt();
  }

  private async runRequest(start: () => Promise<void>): Promise<void> {
    this.outcome = undefined;
    await start();
    this.afterRun(this.outcome);
  }

  /** Queued lines go out after a run that completed; after any other ending they come back to the prompt, unsent. */
  private afterRun(outcome: RunOutcome | undefined): void {
    const unsteered = this.agentRun.takeUndeliveredSteering();
    if (unsteered.length > 0) this.io.output.write('(Your /steer message arrived too late for that run.)\n');
    this.queued.restore(unsteered);
    const next = this.queued.take();
    if (next !== undefined && outcome?.reason === 'completed') {
      this.io.output.write(`You (queued): ${next}\n`);
      return this.runPrompt(next);
    }
    if (next !== undefined) this.io.output.write('(Not sent, as the run did not finish: your queued message is back at the prompt.)\n');
    this.rl.prompt();
    if (next !== undefined) this.rl.write(next.replaceAll('\n', ' '));
  }
}

/** Piped input: every non-empty line is one prompt, run in order. Resolves true if all succeeded. */
export async function runPipedPrompts(session: AgentSession, input: NodeJS.ReadableStream, renderer: EventRenderer, signal: AbortSignal): Promise<boolean> {
  const rl = readline.createInterface({ input, terminal: false, crlfDelay: Infinity });
  // A run cancelled while it waits for the next line (a limit, a signal) ends without it.
  signal.addEventListener('abort', () => rl.close(), { once: true });
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

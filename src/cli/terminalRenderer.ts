import type { AgentEvent } from '../core/agent/agentEvents';
import { hookNotice } from '../core/customize/hookNotice';
import { modelSwitchText } from '../core/agent/modelFallback';
import { placementLabel } from '../core/tools/builtin/commands/sandboxNotes';
import { compactionLine } from './compactionLine';
import { printableStrings } from './printable';
import { SubagentLines, type LineTone } from './subagentLines';
import { todoListLines } from './todoListLines';
import { firstLine, toolCallLine } from './toolCallLine';

export interface RendererOutput {
  /** The answer stream. */
  stdout: (text: string) => void;
  /** Tool lines, retries, compaction notes and errors. */
  stderr: (text: string) => void;
}

export interface RendererOptions {
  /** Stream the model's text as it arrives (chat) instead of printing only the final answer (-p). */
  streamText: boolean;
  /** Prefix answers with `Elbow: ` (interactive chat). */
  labelAnswers: boolean;
  /** Use ANSI colours. */
  color: boolean;
}

const toneColours: Record<LineTone, string> = { ok: '32', error: '31', dim: '2', warning: '33' };

export const INTERRUPTED_ANSWER_LINE = '[Interrupted: the reply above broke off and is discarded; the model is asked again.]';

/**
 * Renders agent events as terminal text. Tool calls get one line each with an ok/error mark.
 * Every string of an event (model text, tool output, file names, commands, server messages) is
 * made printable before it is styled, so only Elbow's own colours reach the terminal.
 */
export class TerminalRenderer {
  private midLine = false;
  private answerStarted = false;
  /** Subjects of calls that are running, printed with their result line. */
  private readonly pendingSubjects = new Map<string, string>();
  private readonly subagents = new SubagentLines();

  constructor(private readonly output: RendererOutput, private readonly options: RendererOptions) {}

  handle(received: AgentEvent): void {
    const event = printableStrings(received);
    switch (event.type) {
      case 'turn_start':
        this.answerStarted = false;
        break;
      case 'text_delta':
        if (!this.options.streamText) break;
        if (!this.answerStarted && this.options.labelAnswers) this.output.stdout(this.paint('1', 'Elbow: '));
        this.answerStarted = true;
        this.output.stdout(event.text);
        this.midLine = !event.text.endsWith('\n');
        break;
      case 'tool_result': {
        const call = toolCallLine(event.name, this.pendingSubjects.get(event.id) ?? '');
        // Where a command ran (the same words as in its summary).
        const label = event.placement === undefined ? undefined : placementLabel(event.placement === 'sandboxed', true);
        const where = label === undefined ? '' : this.paint('2', ` · ${label}`);
        this.line(event.isError ? `${this.paint('31', '✗')} ${call}: ${firstLine(event.text)}${where}` : `${this.paint('32', '✓')} ${call}${where}`);
        this.pendingSubjects.delete(event.id);
        break;
      }
      case 'tool_call':
        this.pendingSubjects.set(event.id, event.subject);
        break;
      case 'reply_discarded':
        // What streamed is already on the screen: say it does not count. Printed only at the end (-p), it never showed.
        if (this.options.streamText && this.answerStarted) this.line(this.paint('33', INTERRUPTED_ANSWER_LINE));
        this.answerStarted = false;
        break;
      case 'reply_cut':
        this.line(this.paint('33', event.message));
        break;
      case 'model_switched':
        this.line(this.paint('33', modelSwitchText(event)));
        this.answerStarted = false;
        break;
      case 'retry':
        this.line(this.paint('33', `${event.reason} Retrying in ${Math.ceil(event.delayMs / 1000)} s (retry ${event.attempt} of ${event.maxAttempts}).`));
        break;
      case 'compaction_start':
      case 'compaction':
        this.line(this.paint('2', compactionLine(event)));
        break;
      case 'compaction_failed':
        this.line(this.paint('33', compactionLine(event)));
        break;
      case 'steered':
        this.line(this.paint('2', `→ The model now sees your message: ${firstLine(event.content.map((block) => (block.type === 'text' ? block.text : '[image]')).join(' '))}`));
        break;
      case 'done':
        this.finish(event);
        break;
      case 'todos':
        for (const line of todoListLines(event.items)) this.line(this.paint('36', line));
        break;
      case 'subagent':
        for (const line of this.subagents.lines(event)) this.line(this.paint(toneColours[line.tone], line.text));
        break;
      case 'hook': {
        const notice = hookNotice(event);
        if (notice !== undefined) this.line(this.paint(event.outcome === 'ran' ? '2' : '33', notice));
        break;
      }
      default:
        break;
    }
  }

  private finish(event: Extract<AgentEvent, { type: 'done' }>): void {
    const outcome = event.outcome;
    if (outcome.reason === 'completed') {
      if (!this.options.streamText) this.output.stdout(outcome.text.endsWith('\n') ? outcome.text : `${outcome.text}\n`);
      else if (this.midLine || this.answerStarted) this.endLine();
      return;
    }
    const hint = outcome.reason === 'error' && outcome.retryable && this.options.labelAnswers ? ' Type /retry to try again.' : '';
    this.line(this.paint('31', `${outcome.message}${hint}`));
  }

  /** A line on stderr, first ending any half-written answer line on stdout. */
  private line(text: string): void {
    this.endLine();
    this.output.stderr(`${text}\n`);
  }

  private endLine(): void {
    if (this.midLine) this.output.stdout('\n');
    this.midLine = false;
  }

  private paint(code: string, text: string): string {
    return this.options.color ? `\x1b[${code}m${text}\x1b[0m` : text;
  }
}

import { fieldValue, type ElicitationInput } from '../core/mcp/elicitationAnswer';
import { elicitationFields, type ElicitationField, type ElicitationValue } from '../core/mcp/elicitationForm';
import type { McpElicitation, McpElicitationAnswer } from '../core/mcp/mcpClientHandlers';
import { mcpFormSecretsNote, mcpQuestionAsker } from '../format/mcpQuestionWords';
import type { AskLine } from './cliApprovals';
import { printable, printableLine } from './printable';
import type { HoldPrompt } from './terminalPrompt';

/** Opens a web page in the user's browser. */
export type OpenUrl = (url: string) => Promise<void>;

/**
 * The chat asks an MCP server's question on the terminal, one field at a time: the server's name
 * and words are shown as printable data, every answer is checked before the next field, and URL
 * mode opens the browser only after a yes.
 */
export class TerminalQuestions {
  private hold: HoldPrompt | undefined;

  constructor(private readonly options: { openUrl: OpenUrl; writeErr(text: string): void }) {}

  /** The chat's prompt becomes available once the REPL runs: a question holds it from its first line to its last. */
  attach(hold: HoldPrompt): void {
    this.hold = hold;
  }

  readonly elicit = (question: McpElicitation, signal: AbortSignal): Promise<McpElicitationAnswer> => {
    const hold = this.hold;
    if (hold === undefined) return Promise.resolve({ action: 'cancel' });
    return hold((askLine) => this.ask(askLine, question, signal));
  };

  private async ask(askLine: AskLine, question: McpElicitation, signal: AbortSignal): Promise<McpElicitationAnswer> {
    if (signal.aborted) return { action: 'cancel' };
    const intro = [printableLine(mcpQuestionAsker(question.server, question.source), 400), ...printable(question.message).split('\n').map((line) => `  │ ${line}`)];
    if (question.mode === 'url') {
      const origin = new URL(question.url).origin;
      const answer = await askLine([...intro, `  It wants you to open ${printableLine(origin, 200)} in your browser:`, `  ${printableLine(question.url, 2000)}`, 'Open it? [y]es, [n]o (decline), [c]ancel: '].join('\n'), signal);
      const choice = choiceOf(answer);
      if (choice !== 'accept') return { action: choice };
      await this.options.openUrl(question.url).catch((error: unknown) => {
        this.options.writeErr(`elbow: ${error instanceof Error ? error.message : String(error)}; open the address above yourself.\n`);
      });
      return { action: 'accept' };
    }
    const fields = elicitationFields(question.requestedSchema);
    const start = await askLine([...intro, mcpFormSecretsNote, `${fields.length} field${fields.length === 1 ? '' : 's'} (* required). Answer? [y]es, [n]o (decline), [c]ancel: `].join('\n'), signal);
    const choice = choiceOf(start);
    if (choice !== 'accept') return { action: choice };
    const content: Record<string, ElicitationValue> = {};
    for (const field of fields) {
      const value = await askField(askLine, field, signal);
      if (value === 'cancel') return { action: 'cancel' };
      if (value !== undefined) content[field.name] = value;
    }
    return { action: 'accept', content };
  }
}

/** Asks one field until its answer passes; `cancel` when the question went away or the user typed /cancel. */
async function askField(askLine: AskLine, field: ElicitationField, signal: AbortSignal): Promise<ElicitationValue | undefined | 'cancel'> {
  let problem = '';
  for (;;) {
    const line = await askLine(`${problem}${fieldPrompt(field)}`, signal);
    if (line === undefined || line.trim() === '/cancel') return 'cancel';
    const outcome = fieldValue(field, inputOf(field, line.trim()));
    if (outcome.error === undefined) return outcome.value;
    problem = `  ✗ ${outcome.error}\n`;
  }
}

/** What a typed line means for the field: empty takes the default; choices by number or value. */
function inputOf(field: ElicitationField, line: string): ElicitationInput {
  if (line === '') return typeof field.default === 'number' ? String(field.default) : field.default;
  if (field.kind === 'choice') return pick(field.options, line);
  if (field.kind === 'choices') return line.split(',').map((part) => part.trim()).filter((part) => part !== '').map((part) => pick(field.options, part));
  return line;
}

function pick(options: ReadonlyArray<{ value: string; title: string }>, typed: string): string {
  const index = Number(typed);
  const numbered = Number.isInteger(index) ? options[index - 1] : undefined;
  if (numbered !== undefined) return numbered.value;
  return options.find((option) => option.value === typed || option.title === typed)?.value ?? typed;
}

function fieldPrompt(field: ElicitationField): string {
  const lines = [`${printableLine(field.title, 120)}${field.required ? ' *' : ''}${field.description === undefined ? '' : ` — ${printableLine(field.description, 300)}`}`];
  if (field.kind === 'choice' || field.kind === 'choices') lines.push(...field.options.map((option, index) => `  ${index + 1}) ${printableLine(option.title, 120)}`));
  const hint = hintOf(field);
  const fallback = field.default === undefined ? '' : ` [${printableLine(Array.isArray(field.default) ? field.default.join(', ') : String(field.default), 120)}]`;
  lines.push(`${printableLine(field.name, 64)}${hint}${fallback}: `);
  return lines.join('\n');
}

function hintOf(field: ElicitationField): string {
  switch (field.kind) {
    case 'text':
      return field.format === undefined ? '' : ` (${field.format})`;
    case 'number': {
      const range = field.minimum !== undefined && field.maximum !== undefined ? ` ${field.minimum}–${field.maximum}` : '';
      return ` (${field.integer ? 'whole number' : 'number'}${range})`;
    }
    case 'boolean':
      return ' (y/n)';
    case 'choice':
      return ' (number)';
    case 'choices':
      return ' (numbers, comma-separated)';
  }
}

function choiceOf(line: string | undefined): 'accept' | 'decline' | 'cancel' {
  const word = line?.trim().toLowerCase();
  if (word === 'y' || word === 'yes') return 'accept';
  if (word === 'n' || word === 'no') return 'decline';
  return 'cancel';
}

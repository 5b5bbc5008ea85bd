import type { ApprovalDecision, ApprovalRequest, Approvals } from '../core/host/approvals';
import { terminalDiff } from './terminalDiff';
import { printable, printableLine, printableStrings } from './printable';

/** Asks one question on the terminal and resolves with the typed line (undefined when cancelled). */
export type AskLine = (question: string, signal: AbortSignal) => Promise<string | undefined>;

/** The answers a question offers besides yes and no. */
export interface OfferedChoices {
  /** What "always" would allow, as shown. */
  always?: string;
  /** `[o]utside the sandbox`: a command asked about in the sandbox runs outside it once. */
  outside?: boolean;
  /** `[s]andbox instead`: a command the model asks to run outside the sandbox runs in it. */
  sandbox?: boolean;
  /** Where `[y]es` runs the command, e.g. `in the sandbox`. */
  yesRuns?: string;
}

/** The child a request comes from, when a subagent asks (named in the question). */
type AskedBy = { subagent?: { taskId: string; description: string; agent: string } };

export interface TerminalApprovalsOptions {
  /** Colour the diff of a protected file; by default when standard output is a terminal with colours. */
  color?: boolean;
}

/** The interactive chat asks on the terminal: yes, always, where to run, no, or a reason to deny. */
export class TerminalApprovals implements Approvals {
  private askLine: AskLine | undefined;
  private readonly color: boolean;
  /** Questions go one at a time: children running in parallel may ask at once, and the prompt holds one answer. */
  private asked: Promise<unknown> = Promise.resolve();

  constructor(options: TerminalApprovalsOptions = {}) {
    this.color = options.color ?? (process.stdout.isTTY === true && process.stdout.hasColors());
  }

  /** The chat's prompt becomes available once the REPL runs. */
  attach(askLine: AskLine): void {
    this.askLine = askLine;
  }

  request(request: ApprovalRequest & AskedBy, signal: AbortSignal): Promise<ApprovalDecision> {
    const asking = this.asked.then(() => this.ask(request, signal));
    this.asked = asking.catch(() => undefined);
    return asking;
  }

  private async ask(request: ApprovalRequest & AskedBy, signal: AbortSignal): Promise<ApprovalDecision> {
    if (this.askLine === undefined) return { approved: false, reason: 'Nobody could be asked.' };
    const offered = offeredChoices(request);
    const shown = printableStrings(request);
    const asker = shown.subagent === undefined ? undefined : `${printableLine(shown.subagent.agent, 64)} · ${printableLine(shown.subagent.description, 80)}`;
    const answer = await this.askLine(`${this.describe(shown, asker)}\n${choicesLine(offered)}: `, signal);
    return decisionFor(answer, offered);
  }

  /**
   * The question, from a request whose strings are already printable: only the diff's colours are Elbow's.
   * A subagent's request names it (`explore · Find uses of X asks to run: …`).
   */
  private describe(request: ApprovalRequest, asker: string | undefined): string {
    const wants = asker === undefined ? 'Elbow wants to' : `${asker} asks to`;
    switch (request.kind) {
      case 'command':
        return [
          `${wants} run${request.placement.kind === 'outsideRequested' ? ' outside the sandbox' : ''}: ${printableLine(request.command)}`,
          `  in ${printableLine(request.cwd)}`,
          ...request.reasons.map((reason) => `  (${printableLine(reason)})`),
          ...placementLines(request.placement),
        ].join('\n');
      case 'outsideWorkspace':
        return `${wants} ${request.access} ${printableLine(request.path)}, outside the workspace (${request.toolName}).`;
      case 'mcpTool':
        return [`${wants} use ${printableLine(request.tool)} of the MCP server "${printableLine(request.server)}"${request.readOnly ? ' (read-only)' : ''} with:`, indent(shownArguments(printable(request.arguments)))].join('\n');
      case 'protectedFile':
        return [
          `${wants} ${request.action} the protected file ${printableLine(request.path)} (${request.toolName}).`,
          `  It is protected because ${request.why}.`,
          indent(terminalDiff(request.diff, this.color)),
        ].join('\n');
      case 'webPage':
        return `${wants} read the web page ${printableLine(request.url)}`;
      case 'continue':
        return asker === undefined ? request.message : `${asker}: ${request.message}`;
    }
  }
}

/** The typed answer as a decision: y/yes, a/always, o/outside, s/sandbox (each only when offered), n/no/nothing, anything else is a reason to deny. */
export function decisionFor(answer: string | undefined, offered: OfferedChoices = {}): ApprovalDecision {
  const text = answer?.trim() ?? '';
  const word = text.toLowerCase();
  if (word === 'y' || word === 'yes') return { approved: true };
  if (offered.always !== undefined && (word === 'a' || word === 'always')) return { approved: true, alwaysAllow: true };
  if (offered.outside === true && (word === 'o' || word === 'outside')) return { approved: true, runOutsideSandbox: true };
  if (offered.sandbox === true && (word === 's' || word === 'sandbox')) return { approved: true, runOutsideSandbox: false };
  if (word === '' || word === 'n' || word === 'no') return { approved: false };
  return { approved: false, reason: text };
}

function offeredChoices(request: ApprovalRequest): OfferedChoices {
  switch (request.kind) {
    case 'command':
      switch (request.placement.kind) {
        case 'sandbox':
          return {
            yesRuns: 'in the sandbox',
            outside: true,
            ...(request.alwaysAllow.length > 0 ? { always: request.alwaysAllow.map((prefix) => `\`${printableLine(prefix)}\``).join(', ') } : {}),
          };
        case 'outsideRequested':
          return { yesRuns: 'outside the sandbox', sandbox: true };
        case 'noSandbox':
          return {};
      }
      break;
    case 'mcpTool':
      return request.alwaysAllowOffered ? { always: `${printableLine(request.tool)} of ${printableLine(request.server)}` } : {};
    case 'webPage':
      return request.alwaysAllowOffered ? { always: `the domain ${printableLine(request.domain)}` } : {};
    default:
      return {};
  }
}

/** `[y]es (in the sandbox), [a]lways allow `npm test`, [o]utside the sandbox, [n]o, or type why not` */
function choicesLine(offered: OfferedChoices): string {
  return [
    `[y]es${offered.yesRuns === undefined ? '' : ` (${offered.yesRuns})`}`,
    ...(offered.always === undefined ? [] : [`[a]lways allow ${offered.always}`]),
    ...(offered.outside === true ? ['[o]utside the sandbox'] : []),
    ...(offered.sandbox === true ? ['[s]andbox instead'] : []),
    '[n]o, or type why not',
  ].join(', ');
}

/** The model's reason for running outside the sandbox, or what running without one means. */
function placementLines(placement: Extract<ApprovalRequest, { kind: 'command' }>['placement']): string[] {
  switch (placement.kind) {
    case 'sandbox':
      return [];
    case 'outsideRequested':
      return [`  Its reason: ${printableLine(placement.reason.replace(/\s+/g, ' '))}`, '  Outside the sandbox it runs with your full rights.'];
    case 'noSandbox':
      return ['  (No sandbox here: it runs with your full rights.)'];
  }
}

/** A tool call's arguments (JSON laid out by Elbow, so its newlines are Elbow's), cut to a screenful. */
function shownArguments(text: string): string {
  const lines = text.split('\n');
  const shown = lines.slice(0, longestArgumentLines).map((line) => printableLine(line));
  return lines.length > longestArgumentLines ? [...shown, `… (${lines.length - longestArgumentLines} more lines not shown)`].join('\n') : shown.join('\n');
}

const longestArgumentLines = 20;

function indent(text: string): string {
  return text.split('\n').map((line) => `  ${line}`).join('\n');
}

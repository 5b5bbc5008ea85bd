import type { ApprovalDecision, ApprovalRequest, Approvals } from '../core/host/approvals';

/** Asks one question on the terminal and resolves with the typed line (undefined when cancelled). */
export type AskLine = (question: string, signal: AbortSignal) => Promise<string | undefined>;

/** `--yes`: whatever would ask is approved (deny rules and refusals still apply). */
export const approveEverything: Approvals = {
  request: async () => ({ approved: true }),
};

/** The interactive chat asks on the terminal: yes, always, no, or a reason to deny. */
export class TerminalApprovals implements Approvals {
  private askLine: AskLine | undefined;

  /** The chat's prompt becomes available once the REPL runs. */
  attach(askLine: AskLine): void {
    this.askLine = askLine;
  }

  async request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (this.askLine === undefined) return { approved: false, reason: 'Nobody could be asked.' };
    const always = alwaysOffer(request);
    const choices = `[y]es${always ? `, [a]lways allow ${always}` : ''}, [n]o, or type why not`;
    const answer = await this.askLine(`${describe(request)}\n${choices}: `, signal);
    return decisionFor(answer, always !== undefined);
  }
}

/** The typed answer as a decision: y/yes, a/always (when offered), n/no/nothing, anything else is a reason to deny. */
export function decisionFor(answer: string | undefined, alwaysOffered: boolean): ApprovalDecision {
  const text = answer?.trim() ?? '';
  const word = text.toLowerCase();
  if (word === 'y' || word === 'yes') return { approved: true };
  if (alwaysOffered && (word === 'a' || word === 'always')) return { approved: true, alwaysAllow: true };
  if (word === '' || word === 'n' || word === 'no') return { approved: false };
  return { approved: false, reason: text };
}

function describe(request: ApprovalRequest): string {
  switch (request.kind) {
    case 'command':
      return [`Elbow wants to run: ${request.command}`, `  in ${request.cwd}`, ...request.reasons.map((reason) => `  (${reason})`)].join('\n');
    case 'outsideWorkspace':
      return `Elbow wants to ${request.access} ${request.path}, outside the workspace (${request.toolName}).`;
    case 'mcpTool':
      return [`Elbow wants to use ${request.tool} of the MCP server "${request.server}"${request.readOnly ? ' (read-only)' : ''} with:`, indent(request.arguments)].join('\n');
    case 'continue':
      return request.message;
  }
}

/** What "always" would allow, as offered on the terminal; `undefined` when it is not offered. */
function alwaysOffer(request: ApprovalRequest): string | undefined {
  if (request.kind === 'command' && request.alwaysAllow.length > 0) return request.alwaysAllow.map((prefix) => `\`${prefix}\``).join(', ');
  if (request.kind === 'mcpTool' && request.alwaysAllowOffered) return `${request.tool} of ${request.server}`;
  return undefined;
}

function indent(text: string): string {
  return text.split('\n').map((line) => `  ${line}`).join('\n');
}

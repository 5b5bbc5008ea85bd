import type { ApprovalDecision, ApprovalRequest } from '../../core/host/approvals';
import type { Approval, CommandRunPlacement } from '../../protocol/chatItems';
import type { ApprovalChoice } from '../../protocol/fromWebview';

/** The user's answer to a permission request, from the tool card or the notification. */
export interface ApprovalAnswer {
  decision: ApprovalChoice;
  reason?: string;
}

const protectedFileTitles: Readonly<Record<Extract<ApprovalRequest, { kind: 'protectedFile' }>['action'], string>> = {
  create: 'Create a protected file?',
  change: 'Change a protected file?',
  delete: 'Delete a protected file?',
};

/** How a permission request shows in its tool card while it waits. */
export function approvalOf(request: ApprovalRequest): Approval {
  switch (request.kind) {
    case 'command':
      return {
        kind: 'command',
        title: commandTitle(request.placement.kind),
        command: request.command,
        cwd: request.cwd === '.' ? 'the workspace folder' : request.cwd,
        placement: request.placement,
        reasons: request.reasons,
        alwaysAllow: request.placement.kind === 'sandbox' ? request.alwaysAllow : [],
        state: 'pending',
      };
    case 'outsideWorkspace':
      return {
        kind: 'outsideWorkspace',
        title: request.access === 'read' ? 'Read outside the workspace?' : 'Write outside the workspace?',
        detail: request.path,
        reasons: [`${request.toolName} wants to ${request.access} a path outside the workspace folders.`],
        alwaysAllow: [],
        state: 'pending',
      };
    case 'mcpTool':
      return {
        kind: 'mcpTool',
        title: 'Use this MCP tool?',
        detail: `${request.server} › ${request.tool}`,
        arguments: request.arguments,
        reasons: [request.readOnly ? 'The server marks this tool as read-only.' : 'MCP tools ask before they run unless they are always allowed.'],
        alwaysAllow: request.alwaysAllowOffered ? [request.tool] : [],
        state: 'pending',
      };
    case 'protectedFile':
      return {
        kind: 'protectedFile',
        title: protectedFileTitles[request.action],
        detail: request.path,
        diff: request.diff,
        reasons: [`It is protected because ${request.why}.`],
        alwaysAllow: [],
        state: 'pending',
      };
    case 'webPage':
      return {
        kind: 'webPage',
        title: 'Read this web page?',
        detail: request.url,
        reasons: [`fetch_url asks before it reads a page of ${request.domain}. It sends no cookies or keys.`],
        alwaysAllow: request.alwaysAllowOffered ? [request.domain] : [],
        state: 'pending',
      };
    case 'continue':
      return { kind: 'continue', title: 'Continue?', detail: request.message, reasons: [], alwaysAllow: [], state: 'pending' };
  }
}

function commandTitle(placement: Extract<ApprovalRequest, { kind: 'command' }>['placement']['kind']): string {
  switch (placement) {
    case 'sandbox': return 'Run this command in the sandbox?';
    case 'outsideRequested': return 'Run outside the sandbox?';
    case 'noSandbox': return 'Run this command?';
  }
}

/**
 * The answer as the core's decision. Only what the question offered counts: a choice it did not offer
 * (a stale or forged message) never widens it, so "always" is plain Allow where it is not offered, and a
 * choice of where to run counts only for a command asked about in (or out of) the sandbox.
 */
export function decisionOf(request: ApprovalRequest, answer: ApprovalAnswer): ApprovalDecision {
  const reason = answer.reason?.trim() || undefined;
  const placement = request.kind === 'command' ? request.placement.kind : undefined;
  switch (answer.decision) {
    case 'deny':
      return { approved: false, reason };
    case 'alwaysAllow':
      return alwaysOffered(request) ? { approved: true, alwaysAllow: true } : { approved: true };
    case 'allowOutsideSandbox':
      // Elsewhere the question's own Allow already means what it asked for.
      return placement === 'sandbox' ? { approved: true, runOutsideSandbox: true } : { approved: true };
    case 'allowInSandbox':
      if (placement === 'outsideRequested') return { approved: true, runOutsideSandbox: false };
      // No sandbox here: nothing can run in one.
      return placement === 'noSandbox' ? { approved: false, reason: 'No sandbox can run on this machine.' } : { approved: true };
    case 'allow':
      return { approved: true };
  }
}

/** The card once decided: allowed or denied, the reason, and where an allowed command runs. */
export function decidedApproval(request: ApprovalRequest, approval: Approval, decision: ApprovalDecision): Approval {
  if (!decision.approved) return { ...approval, state: 'denied', ...(decision.reason === undefined ? {} : { reason: decision.reason }) };
  const allowedPlacement = request.kind === 'command' ? commandRunPlacement(request.placement.kind, decision.runOutsideSandbox) : undefined;
  return { ...approval, state: 'allowed', ...(allowedPlacement === undefined ? {} : { allowedPlacement }) };
}

/** As the core decides it: the user's choice of where, otherwise where it was asked for. */
function commandRunPlacement(placement: Extract<ApprovalRequest, { kind: 'command' }>['placement']['kind'], runOutsideSandbox: boolean | undefined): CommandRunPlacement {
  if (placement === 'noSandbox') return 'outsideSandbox';
  return (runOutsideSandbox ?? placement !== 'sandbox') ? 'outsideSandbox' : 'sandboxed';
}

function alwaysOffered(request: ApprovalRequest): boolean {
  if (request.kind === 'command') return request.placement.kind === 'sandbox' && request.alwaysAllow.length > 0;
  return (request.kind === 'mcpTool' || request.kind === 'webPage') && request.alwaysAllowOffered;
}

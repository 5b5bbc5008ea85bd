import type { Approval } from '../../protocol/chatItems';

/** Arguments as indented JSON when they parse, as sent otherwise. */
export function prettyArguments(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/**
 * The arguments worth showing under a card's question: what the question does not already show (the command, where it
 * runs, the model's reason for leaving the sandbox, an MCP tool's arguments, a web page's URL). `undefined` when nothing is left.
 */
export function shownArguments(raw: string, approval: Approval | undefined): string | undefined {
  if (approval === undefined) return prettyArguments(raw);
  if (approval.arguments !== undefined) return undefined;
  if (approval.command === undefined && approval.kind !== 'webPage') return prettyArguments(raw);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return JSON.stringify(parsed, null, 2);
  const shownElsewhere = new Set(approval.kind === 'webPage' ? ['url'] : ['command', 'cwd', ...(approval.placement?.kind === 'outsideRequested' ? ['outside_sandbox', 'reason'] : [])]);
  const rest = Object.entries(parsed).filter(([name]) => !shownElsewhere.has(name));
  return rest.length === 0 ? undefined : JSON.stringify(Object.fromEntries(rest), null, 2);
}

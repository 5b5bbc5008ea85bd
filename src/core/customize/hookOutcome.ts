import type { HookRunResult } from '../host/hookRunner';

/** What one hook's run says, read as Claude Code reads it: exit code 2 blocks with stderr; exit 0 may print JSON. */
export interface HookOutcome {
  /** Exit code 2, `decision: "block"`, or a PreToolUse `permissionDecision: "deny"`: the reason. */
  block?: string;
  /** PreToolUse: the user must be asked (`permissionDecision: "ask"`), with the reason. */
  ask?: string;
  /** PreToolUse: the hook has no objection (`permissionDecision: "allow"`); approvals still go as usual. */
  allow?: boolean;
  /** PreToolUse: arguments that replace the model's (they then go through every usual check). */
  updatedInput?: Record<string, unknown>;
  /** Text for the model: `additionalContext`, or plain stdout of SessionStart and UserPromptSubmit. */
  context?: string;
  /** `continue: false`: the run stops, with `stopReason` for the user. */
  stop?: string;
  /** For the user only: `systemMessage`. */
  note?: string;
  /** For the user only: why the hook failed (an exit code other than 0 and 2, a timeout); the run goes on as if it had not run. */
  failure?: string;
}

/** Events whose plain stdout (not JSON) is context for the model, as in Claude Code. */
export type StdoutIsContext = boolean;

export function hookOutcome(result: HookRunResult, stdoutIsContext: StdoutIsContext): HookOutcome {
  if (result.ending === 'timedOut') return { failure: 'timed out, and was stopped' };
  if (result.ending === 'cancelled') return { failure: 'cancelled' };
  if (result.ending === 'notStarted') return { failure: `did not run: ${result.note ?? 'it could not start'}` };
  if (result.exitCode === 2) return { block: result.stderr.trim() || 'blocked by a hook (exit code 2)' };
  if (result.exitCode !== 0) return { failure: `failed (exit code ${result.exitCode ?? 'unknown'})${result.stderr.trim() === '' ? '' : `: ${result.stderr.trim()}`}` };
  const json = jsonObject(result.stdout);
  if (json === undefined) return stdoutIsContext && result.stdout.trim() !== '' ? { context: result.stdout.trim() } : {};
  return outcomeOfJson(json);
}

function outcomeOfJson(json: Record<string, unknown>): HookOutcome {
  const outcome: HookOutcome = {};
  const specific = record(json.hookSpecificOutput);
  const reason = text(json.reason);
  if (json.decision === 'block') outcome.block = reason ?? 'blocked by a hook';
  const permission = specific?.permissionDecision ?? (json.decision === 'approve' ? 'allow' : undefined);
  const permissionReason = text(specific?.permissionDecisionReason) ?? reason;
  if (permission === 'deny') outcome.block = permissionReason ?? 'denied by a hook';
  if (permission === 'ask') outcome.ask = permissionReason ?? 'a hook asks for your approval';
  if (permission === 'allow') outcome.allow = true;
  const updatedInput = record(specific?.updatedInput);
  if (updatedInput !== undefined) outcome.updatedInput = updatedInput;
  const context = text(specific?.additionalContext);
  if (context !== undefined) outcome.context = context;
  if (json.continue === false) outcome.stop = text(json.stopReason) ?? 'a hook stopped the run';
  const message = text(json.systemMessage);
  if (message !== undefined) outcome.note = message;
  return outcome;
}

function jsonObject(stdout: string): Record<string, unknown> | undefined {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return record(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

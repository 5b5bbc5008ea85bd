import type { ToolCallBlock, ToolResultBlock } from '../llm/messages';
import { toolResultText } from '../llm/messages';
import type { PermissionGate } from '../permissions/permissionGate';
import type { ToolKind } from '../toolContract/toolKind';

export interface GuardRailLimits {
  /** Tool calls allowed after a user message before Elbow asks whether to go on. */
  toolCallsPerMessage: number;
  /** Commands allowed after a user message before Elbow asks whether to go on. */
  commandsPerMessage: number;
  /** The same call failing this many times stops the run. */
  identicalFailures: number;
}

export const defaultGuardRailLimits: GuardRailLimits = { toolCallsPerMessage: 200, commandsPerMessage: 30, identicalFailures: 3 };

/** Tool calls and commands since the user's last message: a subagent's count in its parent's too. */
interface CallCounts {
  toolCalls: number;
  commands: number;
}

/**
 * Stops runaway runs: after many tool calls or commands without a word from the user it asks
 * whether to go on, and the same call failing again and again ends the run.
 */
export class GuardRails {
  private readonly counts: CallCounts;
  private readonly failures = new Map<string, number>();
  /** Why the run must end, once it must. */
  stopReason: string | undefined;

  /** `parent`: a subagent's guard counts its calls in its parent's, so handing work to children does not widen the limits. */
  constructor(private readonly limits: GuardRailLimits = defaultGuardRailLimits, private readonly parent?: GuardRails) {
    this.counts = parent?.counts ?? { toolCalls: 0, commands: 0 };
  }

  /** The user wrote (for a subagent: it was given its task): the counts start again; a subagent's are its parent's, which go on. */
  startUserMessage(): void {
    if (this.parent === undefined) {
      this.counts.toolCalls = 0;
      this.counts.commands = 0;
    }
    this.failures.clear();
    this.stopReason = undefined;
  }

  /** Before a call (of a tool of `kind`) runs. False when the user chose to stop here (`stopReason` says so). */
  async admit(call: ToolCallBlock, kind: ToolKind, permissions: PermissionGate, signal: AbortSignal): Promise<boolean> {
    if (this.stopReason !== undefined) return false;
    const isCommand = kind === 'command';
    const { counts, limits } = this;
    counts.toolCalls++;
    if (isCommand) counts.commands++;
    const reached = counts.toolCalls > limits.toolCallsPerMessage
      ? `Elbow has made ${limits.toolCallsPerMessage} tool calls since your last message.`
      : isCommand && counts.commands > limits.commandsPerMessage
        ? `Elbow has run ${limits.commandsPerMessage} commands since your last message.`
        : undefined;
    if (reached === undefined) return true;
    const goOn = await permissions.askToContinue(`${reached} Let it continue?`, { toolCallId: call.id, signal });
    if (goOn) {
      counts.toolCalls = 1;
      counts.commands = isCommand ? 1 : 0;
      return true;
    }
    this.pause(`Paused: ${reached} Send a message to let it go on.`);
    return false;
  }

  /** The user said stop: this run and the one that started it both end. */
  private pause(reason: string): void {
    this.stopReason = reason;
    if (this.parent !== undefined && this.parent.stopReason === undefined) this.parent.pause(reason);
  }

  /** After a call's result: ends the run when the same call has now failed too often. */
  recordResult(call: ToolCallBlock, result: ToolResultBlock): void {
    if (!result.isError) return;
    const key = `${call.name}\u0000${canonicalArguments(call.arguments)}`;
    const count = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, count);
    if (count >= this.limits.identicalFailures && this.stopReason === undefined) {
      const error = toolResultText(result).split('\n', 1)[0] ?? '';
      this.stopReason = `Stopped: ${call.name} failed ${count} times with the same arguments (last error: ${error.slice(0, 300)}). Repeating it would not help; send a message with more guidance to continue.`;
    }
  }
}

function canonicalArguments(raw: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw.trim();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, entry]) => [key, sortKeys(entry)]));
}

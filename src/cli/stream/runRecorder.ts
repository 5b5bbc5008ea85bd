import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import { emptyUsage, type Usage } from '../../core/llm/messages';
import type { UsageTotals } from '../../core/context/usageTotals';
import { exitCodeOf, type ResultOutcome } from './exitCodes';
import type { ResultEvent } from './streamEvents';

/** Why the CLI itself ended a run (the core sees a cancel): a limit of `elbow -p`. */
export type RunLimit = 'max_budget' | 'timeout';

/**
 * What one `-p` run did, gathered from its events as they pass: its turns, its answer and the files it
 * changed; made into the stream's `result` event when it ends.
 */
export class RunRecorder {
  private turns = 0;
  private readonly changed = new Set<string>();
  private readonly startedAt = Date.now();

  constructor(
    readonly sessionId: string,
    /** The session's totals before this run: the result reports what this run added. */
    private readonly before: UsageTotals,
  ) {}

  observe(event: AgentEvent): void {
    if (event.type === 'turn_start') this.turns++;
  }

  /** A workspace-relative path the run wrote, created or deleted. */
  noteChangedFile(relativePath: string): void {
    this.changed.add(relativePath);
  }

  /** `limit`: the CLI cancelled the run because of it. `after`: the session's totals now. */
  result(outcome: RunOutcome, after: UsageTotals, limit?: RunLimit, message?: string): ResultEvent {
    const ended = resultOutcomeOf(outcome, limit);
    const reason = message ?? (outcome.reason === 'completed' ? undefined : outcome.message);
    return {
      type: 'result',
      outcome: ended,
      exitCode: exitCodeOf[ended],
      sessionId: this.sessionId,
      answer: outcome.reason === 'completed' ? outcome.text : null,
      ...(reason === undefined ? {} : { message: reason }),
      filesChanged: [...this.changed].sort(),
      usage: usageSince(this.before.usage, after.usage),
      cost: after.cost === null || this.before.cost === null ? null : after.cost - this.before.cost,
      turns: this.turns,
      durationMs: Date.now() - this.startedAt,
    };
  }
}

function resultOutcomeOf(outcome: RunOutcome, limit: RunLimit | undefined): ResultOutcome {
  if (outcome.reason === 'cancelled' && limit !== undefined) return limit;
  if (outcome.reason === 'max_turns') return 'max_turns';
  return outcome.reason;
}

function usageSince(before: Usage, after: Usage): Usage {
  const used = emptyUsage();
  for (const key of Object.keys(used) as Array<keyof Usage>) used[key] = after[key] - before[key];
  return used;
}

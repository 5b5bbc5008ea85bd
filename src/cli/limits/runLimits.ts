import type { AgentEvent, AgentEventSink, RunOutcome } from '../../core/agent/agentEvents';
import type { RunLimit } from '../stream/runRecorder';
import { durationText, type LimitFlags } from './limitFlags';

/** What a request streams before its reply is complete; a budget reached meanwhile lets that request finish. */
const streamingEvents: ReadonlySet<AgentEvent['type']> = new Set(['text_delta', 'thinking_delta', 'tool_call_start', 'usage', 'context', 'done']);

/** How a limit ended the run: for the `result` event and the line on stderr. */
export interface LimitEnding {
  limit?: RunLimit;
  message?: string;
}

/**
 * `--max-budget-usd` and `--timeout` of an unattended run: each cancels the run through its
 * controller, as Ctrl-C does (running commands are stopped), and says which limit it was.
 * The budget counts what each request of the run cost, its subagents' included; once it is
 * reached, the request under way may finish but no further request starts. A request whose
 * price is unknown ends the run too: the budget could no longer be kept.
 */
export class RunLimits {
  private spent = 0;
  private unknownCost = false;
  private budgetReached = false;
  private hitLimit: RunLimit | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Whether a run's `done` event carried the limit's message to the renderer. */
  private announced = false;

  constructor(private readonly flags: LimitFlags, private readonly controller: AbortController) {}

  /** Starts the clock of `--timeout`. */
  start(): void {
    const { timeoutMs } = this.flags;
    if (timeoutMs !== undefined && this.timer === undefined) this.timer = setTimeout(() => this.stop('timeout'), timeoutMs);
  }

  /** The run is over: the clock stops. */
  finish(): void {
    clearTimeout(this.timer);
  }

  /** `sink`, watched: a run's events pass through here on their way to it. */
  watch(sink: AgentEventSink): AgentEventSink {
    return (event) => sink(this.observe(event));
  }

  /** The limit that cancelled the run, if one did. */
  get hit(): RunLimit | undefined {
    return this.hitLimit;
  }

  /** How a run that ended with `outcome` was ended by a limit; empty when none ended it. */
  endingOf(outcome: RunOutcome): LimitEnding {
    const limit = this.hitLimit;
    return limit === undefined || outcome.reason !== 'cancelled' ? {} : { limit, message: this.message(limit) };
  }

  /** The limit's message when no run's end said it: piped prompts whose limit passed between two of them. */
  unannounced(): string | undefined {
    return this.hitLimit === undefined || this.announced ? undefined : this.message(this.hitLimit);
  }

  private observe(event: AgentEvent): AgentEvent {
    const inner = innermostEvent(event);
    if (inner.type === 'usage') this.count(inner.cost);
    else if (this.budgetReached && !streamingEvents.has(inner.type)) this.stop('max_budget');
    // The renderer's line for a run a limit cancelled says which limit, not just "Cancelled."
    if (event.type === 'done' && this.hitLimit !== undefined && event.outcome.reason === 'cancelled') {
      this.announced = true;
      return { ...event, outcome: { ...event.outcome, message: this.message(this.hitLimit) } };
    }
    return event;
  }

  private count(cost: number | null): void {
    const budget = this.flags.maxBudgetUsd;
    if (budget === undefined) return;
    if (cost === null) this.unknownCost = true;
    else this.spent += cost;
    if (this.unknownCost || this.spent >= budget) this.budgetReached = true;
  }

  private stop(limit: RunLimit): void {
    if (this.hitLimit !== undefined || this.controller.signal.aborted) return;
    this.hitLimit = limit;
    this.controller.abort();
  }

  private message(limit: RunLimit): string {
    if (limit === 'timeout') return `Stopped: --timeout ${durationText(this.flags.timeoutMs ?? 0)} passed.`;
    const budget = `--max-budget-usd ${this.flags.maxBudgetUsd ?? 0}`;
    if (this.unknownCost) return `Stopped: a request's price was unknown, so ${budget} could not be kept (known cost so far ${dollars(this.spent)}).`;
    return `Stopped: the run cost ${dollars(this.spent)}, reaching ${budget}.`;
  }
}

function innermostEvent(event: AgentEvent): AgentEvent {
  return event.type === 'subagent' ? innermostEvent(event.event) : event;
}

/** Dollars to four decimals, enough for a single cheap request. */
function dollars(amount: number): string {
  return `$${amount.toFixed(4)}`;
}

/**
 * How a run ended, as `elbow -p` reports it: the `outcome` of the `result` event and, for each, the
 * process's exit code (the table in docs/ci.md).
 */
export type ResultOutcome =
  /** The model answered. */
  | 'completed'
  /** A request, a tool or the provider failed. */
  | 'error'
  /** `--max-turns` model turns were used up. */
  | 'max_turns'
  /** The run's cost reached `--max-budget-usd`. */
  | 'max_budget'
  /** `--timeout` passed. */
  | 'timeout'
  /** The run ended early without an answer: a guard rail (the same call kept failing, the user paused it) or a reply cut off again after its continuation. */
  | 'stopped'
  /** The answer did not match `--json-schema`. */
  | 'invalid_output'
  /** Interrupted: Ctrl-C (SIGINT), or SIGTERM or SIGHUP (a cancelled CI job, a closed terminal). */
  | 'cancelled';

/** Exit code 2 is a usage error (bad flags, no such session): the run did not start. */
export const USAGE_ERROR_EXIT_CODE = 2;

export const exitCodeOf: Readonly<Record<ResultOutcome, number>> = {
  completed: 0,
  error: 1,
  max_turns: 3,
  max_budget: 4,
  timeout: 5,
  stopped: 6,
  invalid_output: 7,
  cancelled: 130,
};

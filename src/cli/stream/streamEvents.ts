import type { Usage } from '../../core/llm/messages';
import type { ResultOutcome } from './exitCodes';

/** The first line of `--json`: which stream version follows and which session it belongs to. */
export interface SessionStartEvent {
  type: 'session';
  version: string;
  sessionId: string;
  /** True when `--continue` or `--resume` carried on a saved conversation. */
  resumed: boolean;
  cwd: string;
  provider: string;
  model: string;
}

/** The last line of `--json`: how the run ended, what it answered and changed, and what it cost. */
export interface ResultEvent {
  type: 'result';
  outcome: ResultOutcome;
  exitCode: number;
  sessionId: string;
  /** The model's final answer; `null` when the run ended without one. */
  answer: string | null;
  /** With `--json-schema`: the answer parsed and validated. */
  structuredOutput?: unknown;
  /** Why the run did not complete, for people. */
  message?: string;
  /** Workspace-relative paths of the files the run changed, sorted. */
  filesChanged: string[];
  /** The session's totals, children included. */
  usage: Usage;
  /** US dollars; `null` when a price was unknown. */
  cost: number | null;
  /** Model turns this run took. */
  turns: number;
  durationMs: number;
}

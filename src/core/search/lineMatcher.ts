import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { SearchMatch } from '../host/searcher';
import { matchingThreads, type MatchingThreads } from './matchingThreads';

/** How long one search may spend matching before its pattern is judged too slow. */
const DEFAULT_MATCH_TIME_LIMIT_MS = 10_000;

/** A file's text to match line by line; `path` is what the matches report. */
export interface SearchableText {
  path: string;
  text: string;
}

export interface LineMatcherOptions {
  /** The matching time allowed over all calls of `match`; default `DEFAULT_MATCH_TIME_LIMIT_MS`. */
  timeLimitMs?: number;
  /** Aborting stops matching at once and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Where the matching thread comes from; default the threads shared by every search. */
  threads?: MatchingThreads;
}

/** Thrown when matching exceeds its time limit (catastrophic backtracking); the message is for the model. */
export class SlowPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlowPatternError';
  }
}

interface WorkerMatch {
  text: number;
  line: number;
  column: number;
  content: string;
}

interface PendingMatch {
  texts: readonly SearchableText[];
  started: number;
  timer: NodeJS.Timeout;
  resolve(found: WorkerMatch[]): void;
  reject(reason: unknown): void;
}

/**
 * Matches a regular expression against lines in a worker thread, so that a pattern that
 * backtracks for minutes (`(a+)+$` on a long line) cannot block the event loop: past the time
 * limit, or when the signal aborts, the thread is terminated mid-match. One matcher serves
 * one search; `close` it when done.
 */
export class LineMatcher {
  private readonly threads: MatchingThreads;
  private readonly worker: Worker;
  private readonly progress = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private readonly timeLimitMs: number;
  private spentMs = 0;
  private pending: PendingMatch | undefined;
  private stopped: { reason: unknown } | undefined;
  private readonly onMessage = (found: WorkerMatch[]): void => this.settle((pending) => pending.resolve(found));
  private readonly onError = (error: Error): void => this.stop(error);
  private readonly onExit = (code: number): void => this.stop(new Error(`The search's matching thread stopped unexpectedly (exit code ${code}).`));
  private readonly onAbort = (): void => this.stop(this.options.signal?.reason);

  constructor(
    private readonly pattern: RegExp,
    private readonly options: LineMatcherOptions = {},
  ) {
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_MATCH_TIME_LIMIT_MS;
    this.threads = options.threads ?? matchingThreads;
    this.worker = this.threads.take();
    this.worker.on('message', this.onMessage).on('error', this.onError).on('exit', this.onExit);
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (options.signal?.aborted) this.stop(options.signal.reason);
  }

  /** The first `wanted` matching lines of `texts`, in order. One call at a time. */
  async match(texts: readonly SearchableText[], wanted: number): Promise<SearchMatch[]> {
    if (this.stopped) throw this.stopped.reason;
    if (this.pending) throw new Error('LineMatcher.match was called while another match was running.');
    const found = await new Promise<WorkerMatch[]>((resolve, reject) => {
      const timer = setTimeout(() => this.stop(this.slowPatternError()), Math.max(0, this.timeLimitMs - this.spentMs));
      this.pending = { texts, started: performance.now(), timer, resolve, reject };
      const { source, flags } = this.pattern;
      this.worker.postMessage({ source, flags, texts: texts.map((entry) => entry.text), wanted, progress: this.progress });
    });
    return found.map((match) => ({ path: texts[match.text]?.path ?? '', line: match.line, column: match.column, text: match.content }));
  }

  /** Ends this matcher (a match still running is abandoned); later calls of `match` reject. */
  close(): void {
    if (this.stopped) return;
    if (this.pending) {
      this.stop(new Error('LineMatcher was closed while matching.'));
      return;
    }
    this.stopped = { reason: new Error('LineMatcher was closed.') };
    this.detach();
    this.threads.giveBack(this.worker);
  }

  private settle(finish: (pending: PendingMatch) => void): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    this.spentMs += performance.now() - pending.started;
    finish(pending);
  }

  /** Ends the thread, which may be stuck in a match, and rejects the match running. */
  private stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = { reason };
    this.detach();
    void this.worker.terminate();
    this.settle((pending) => pending.reject(reason));
  }

  private detach(): void {
    this.worker.off('message', this.onMessage).off('error', this.onError).off('exit', this.onExit);
    this.options.signal?.removeEventListener('abort', this.onAbort);
  }

  private slowPatternError(): SlowPatternError {
    const file = this.pending?.texts[Atomics.load(this.progress, 0)]?.path;
    const seconds = this.timeLimitMs / 1000;
    return new SlowPatternError(
      `The regular expression ${JSON.stringify(this.pattern.source)} took longer than ${seconds} s to match${file ? ` (in ${file})` : ''}, so the search was stopped. ` +
        'Such a pattern usually backtracks catastrophically on long lines, through nested or overlapping repetition such as (a+)+ or (a|ab)*. ' +
        'Search again with a simpler pattern without nested repetition, with literal: true to search for plain text, or on fewer files (a narrower path or include).',
    );
  }
}

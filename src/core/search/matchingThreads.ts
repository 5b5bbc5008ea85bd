import { Worker } from 'node:worker_threads';
import { LINE_MATCHER_WORKER_SOURCE } from './lineMatcherWorkerSource';

/** How long an idle matching thread is kept for the next search. */
const IDLE_LIMIT_MS = 30_000;

/**
 * Starts the threads `LineMatcher` matches in, and keeps one idle thread for the next search:
 * starting a thread costs tens of milliseconds, more than a small search. Threads are unref'd,
 * so an idle one never keeps the process alive.
 */
export class MatchingThreads {
  private idle: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly idleLimitMs = IDLE_LIMIT_MS) {}

  /** An idle thread, or a new one. */
  take(): Worker {
    const worker = this.idle ?? this.start();
    this.idle = undefined;
    clearTimeout(this.idleTimer);
    return worker;
  }

  /** Takes back a thread that is not matching anything, to reuse or end. */
  giveBack(worker: Worker): void {
    if (this.idle !== undefined) {
      void worker.terminate();
      return;
    }
    this.idle = worker;
    this.idleTimer = setTimeout(() => this.endIdle(), this.idleLimitMs).unref();
  }

  /** Ends the idle thread, if any. */
  endIdle(): void {
    clearTimeout(this.idleTimer);
    const worker = this.idle;
    this.idle = undefined;
    void worker?.terminate();
  }

  private start(): Worker {
    // The thread's program is plain JavaScript: no loaders or flags of the host process.
    const worker = new Worker(LINE_MATCHER_WORKER_SOURCE, { eval: true, execArgv: [] });
    worker.unref();
    worker.once('exit', () => {
      if (this.idle === worker) this.idle = undefined;
    });
    return worker;
  }
}

/** The threads of every search in this process. */
export const matchingThreads = new MatchingThreads();

import { performance } from 'node:perf_hooks';

export interface StallMeasurement<T> {
  /** The longest time the event loop went without running a 10 ms heartbeat, the end of the work included. */
  longestStallMs: number;
  elapsedMs: number;
  outcome: PromiseSettledResult<T>;
}

/**
 * Runs `work` and reports the longest stall of the event loop while it ran. Synchronous work on the
 * main thread shows up as a stall as long as itself, whether the whole run is fast or slow; counting
 * timer ticks instead fails a run that is merely quick.
 */
export async function measureEventLoopStall<T>(work: () => Promise<T>): Promise<StallMeasurement<T>> {
  const started = performance.now();
  let lastBeat = started;
  let longestStallMs = 0;
  const heartbeat = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - lastBeat);
    lastBeat = now;
  }, 10);
  const [outcome] = await Promise.allSettled([work()]);
  clearInterval(heartbeat);
  const finished = performance.now();
  longestStallMs = Math.max(longestStallMs, finished - lastBeat);
  return { longestStallMs, elapsedMs: finished - started, outcome: outcome as PromiseSettledResult<T> };
}

/** Far above a loaded machine's timer jitter and garbage collection, far below what a backtracking pattern costs on the main thread. */
export const BLOCKED_EVENT_LOOP_MS = 1000;

import { performance } from 'node:perf_hooks';

export interface Series {
  run(): Promise<unknown>;
  /** Called before every run, untimed (e.g. to restore a file). */
  reset?(): Promise<void>;
}

export interface Timing {
  median: number;
  min: number;
  samples: number[];
}

export interface MeasureOptions {
  warmup: number;
  runs: number;
}

/**
 * Runs every series `warmup + runs` times, round after round, alternating the order in
 * each round so that no series always profits from the previous one's warm caches.
 */
export async function measureInterleaved<Name extends string>(
  series: Record<Name, Series>,
  options: MeasureOptions,
): Promise<Record<Name, Timing>> {
  const names = Object.keys(series) as Name[];
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < options.warmup + options.runs; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const current = series[name];
      await current.reset?.();
      const started = performance.now();
      await current.run();
      const elapsed = performance.now() - started;
      if (round >= options.warmup) samples.get(name)?.push(elapsed);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples.get(name) ?? [])])) as Record<Name, Timing>;
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] ?? Number.NaN, samples };
}

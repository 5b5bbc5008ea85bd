import { createRandom } from '../../../../bench/random';

/** The benchmark's seeded generator, with integers counted from zero, so the property tests repeat exactly. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): SeededRandom {
  const random = createRandom(seed);
  return { next: random.next, int: (below) => random.int(0, below - 1), pick: random.pick };
}

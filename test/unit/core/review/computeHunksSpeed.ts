/**
 * A quick speed check of computeHunks, not a test: `node --import tsx test/unit/core/review/computeHunksSpeed.ts`.
 * Prints the median time for a 5,000-line file with 50, 500 and 3,000 changed places, and for a full rewrite.
 */
import { computeHunks } from '../../../../src/core/review/lineHunks';
import { seededRandom } from './seededRandom';

const random = seededRandom(5_000);
const lines = Array.from({ length: 5_000 }, (_, i) => (i % 7 === 0 ? '}\n' : i % 11 === 0 ? '\n' : `  const value${i} = compute(${random.int(1_000)});\n`));
const baseline = lines.join('');

function changedPlaces(count: number): string {
  const changed = [...lines];
  for (let place = 0; place < count; place++) {
    changed.splice(random.int(changed.length), random.int(3), ...Array.from({ length: random.int(4) }, (_, k) => `  added ${place}.${k}\n`));
  }
  return changed.join('');
}

function medianMs(current: string): { ms: number; hunks: number } {
  const hunks = computeHunks(baseline, current).length;
  const times: number[] = [];
  for (let run = 0; run < 21; run++) {
    const start = performance.now();
    computeHunks(baseline, current);
    times.push(performance.now() - start);
  }
  return { ms: times.sort((a, b) => a - b)[10] ?? NaN, hunks };
}

computeHunks(baseline, changedPlaces(20)); // warm up
for (const [name, current] of [
  ['50 changed places', changedPlaces(50)],
  ['500 changed places', changedPlaces(500)],
  ['3,000 changed places', changedPlaces(3_000)],
  ['every line rewritten', lines.map((line) => `// ${line}`).join('')],
] as const) {
  const { ms, hunks } = medianMs(current);
  console.log(`${name}: ${hunks} hunks, median ${ms.toFixed(2)} ms`);
}

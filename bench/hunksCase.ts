import { computeHunks } from '../src/core/review/lineHunks';
import { measureInterleaved, type MeasureOptions } from './measure';
import { createRandom } from './random';
import type { Row } from './report';

const LINE_COUNT = 5_000;

/**
 * Splitting an agent edit into reviewable hunks: `computeHunks` on a 5,000-line file with 50, 500
 * and 3,000 changed places and a full rewrite, against splitting both texts into lines: the least
 * any line-based review has to do. A plain Myers diff is no baseline here: on the rewrite it runs for
 * minutes, which is why `computeHunks` diffs around anchors and bounds the edit length.
 */
export async function hunkRows(options: MeasureOptions): Promise<Row[]> {
  const random = createRandom(5_000);
  const lines = Array.from({ length: LINE_COUNT }, (_, index) => (index % 7 === 0 ? '}\n' : index % 11 === 0 ? '\n' : `  const value${index} = compute(${random.int(0, 1_000)});\n`));
  const baseline = lines.join('');
  const changedPlaces = (count: number): string => {
    const changed = [...lines];
    for (let place = 0; place < count; place++) {
      changed.splice(random.int(0, changed.length), random.int(0, 2), ...Array.from({ length: random.int(0, 3) }, (_, part) => `  added ${place}.${part}\n`));
    }
    return changed.join('');
  };
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['50 changed places', changedPlaces(50)],
    ['500 changed places', changedPlaces(500)],
    ['3,000 changed places', changedPlaces(3_000)],
    ['every line rewritten', lines.map((line) => `// ${line}`).join('')],
  ];
  const rows: Row[] = [];
  for (const [name, current] of cases) {
    const hunks = computeHunks(baseline, current).length;
    const timings = await measureInterleaved({
      hunks: { run: async () => computeHunks(baseline, current) },
      lineSplit: { run: async () => [baseline.split(/(?<=\n)/), current.split(/(?<=\n)/)] },
    }, options);
    rows.push({ label: `review: split an edit into hunks, ${name} (${hunks} hunks, ${LINE_COUNT.toLocaleString('en')} lines) vs splitting the lines`, elbow: timings.hunks, baseline: timings.lineSplit, goal: { kind: 'under', ms: 50 } });
  }
  return rows;
}

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Timing } from './measure';
import type { Row } from './report';
import { buildDist, codeServerInstalled, runVscodePhase } from './vscodePhase';

const root = path.resolve(__dirname, '..');

/**
 * Review in real VS Code: the `reviewBench` phase of the integration runner times an agent
 * edit until its 50 hunks are decorated and have CodeLenses, and Reject all, against a plain
 * WorkspaceEdit (and save) of the same text: what any edit costs in that window without review.
 */
export async function reviewRows(log: (line: string) => void): Promise<Row[]> {
  if (!codeServerInstalled('Review', log)) return [];
  log('Review benchmark: building and starting code-server…');
  // Asynchronous: the browsers of the earlier cases must not see this process stall for a minute.
  await buildDist();
  const output = path.join(root, '.test-output', 'review-bench.json');
  fs.rmSync(output, { force: true });
  await runVscodePhase('reviewBench', 'review');
  if (!fs.existsSync(output)) throw new Error(`The review benchmark wrote no results to ${output}.`);
  const timings = JSON.parse(fs.readFileSync(output, 'utf8')) as Record<'plainEdit' | 'plainEditUnsaved' | 'reviewableEdit' | 'reviewableEditSaved' | 'plainRestore' | 'rejectAll', Timing>;
  return [
    { label: 'review: agent edit → 50 decorated hunks with CodeLens (5,000 lines) vs plain WorkspaceEdit', elbow: timings.reviewableEdit, baseline: timings.plainEditUnsaved, goal: { kind: 'ratio', max: 1.3 } },
    { label: 'review: agent edit, saved vs plain WorkspaceEdit + save', elbow: timings.reviewableEditSaved, baseline: timings.plainEdit, goal: { kind: 'none' } },
    { label: 'review: Reject all 50 hunks, saved vs plain restore + save', elbow: timings.rejectAll, baseline: timings.plainRestore, goal: { kind: 'under', ms: 150 } },
  ];
}

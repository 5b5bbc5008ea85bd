import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Timing } from './measure';
import type { Row } from './report';

const root = path.resolve(__dirname, '..');

/**
 * Review in real VS Code: the `reviewBench` phase of the integration runner times an agent
 * edit until its 50 hunks are decorated and have CodeLenses, and Reject all, against a plain
 * WorkspaceEdit (and save) of the same text: what any edit costs in that window without review.
 */
export async function reviewRows(log: (line: string) => void): Promise<Row[]> {
  if (!fs.existsSync(path.join(root, 'tools/code-server'))) {
    log('Review benchmark skipped: code-server is not installed (bash scripts/setup-vscode-tools.sh).');
    return [];
  }
  log('Review benchmark: building and starting code-server…');
  // Asynchronous: the browsers of the earlier cases must not see this process stall for a minute.
  const run = promisify(execFile);
  await run(process.execPath, ['esbuild.js'], { cwd: root });
  const output = path.join(root, '.test-output', 'review-bench.json');
  fs.rmSync(output, { force: true });
  try {
    await run(process.execPath, ['scripts/run-vscode-tests.mjs', 'reviewBench'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The review benchmark failed:\n${stdout}\n${stderr}`, { cause: error });
  }
  if (!fs.existsSync(output)) throw new Error(`The review benchmark wrote no results to ${output}.`);
  const timings = JSON.parse(fs.readFileSync(output, 'utf8')) as Record<'plainEdit' | 'plainEditUnsaved' | 'reviewableEdit' | 'reviewableEditSaved' | 'plainRestore' | 'rejectAll', Timing>;
  return [
    { label: 'review: agent edit → 50 decorated hunks with CodeLens (5,000 lines) vs plain WorkspaceEdit', elbow: timings.reviewableEdit, baseline: timings.plainEditUnsaved, goal: { kind: 'ratio', max: 1.3 } },
    { label: 'review: agent edit, saved vs plain WorkspaceEdit + save', elbow: timings.reviewableEditSaved, baseline: timings.plainEdit, goal: { kind: 'none' } },
    { label: 'review: Reject all 50 hunks, saved vs plain restore + save', elbow: timings.rejectAll, baseline: timings.plainRestore, goal: { kind: 'under', ms: 150 } },
  ];
}

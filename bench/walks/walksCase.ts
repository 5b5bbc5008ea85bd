import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildDist, codeServerInstalled, runVscodePhase } from '../vscodePhase';
import type { RecordedWalk } from './recorder';
import { countWalks, formatWalks, sourceImportGraph } from './walksReport';

const root = path.resolve(__dirname, '..', '..');

/**
 * `npm run bench -- walks`: builds dist/ instrumented (`ELBOW_WALK=1`), runs the `walks` phase of the integration
 * runner in code-server, counts what it recorded, prints it and writes .test-output/walks.json; dist/ is built
 * again without instrumentation afterwards.
 */
export async function walksReport(log: (line: string) => void): Promise<void> {
  if (!codeServerInstalled('Walks', log)) return;
  log('Walks benchmark: building instrumented and starting code-server…');
  const raw = path.join(root, '.test-output', 'walks-raw.json');
  fs.rmSync(raw, { force: true });
  try {
    await buildDist({ ...process.env, ELBOW_WALK: '1' });
    await runVscodePhase('walks', 'walks');
    if (!fs.existsSync(raw)) throw new Error(`The walks benchmark wrote no record to ${raw}.`);
    // Read while dist/ still holds the instrumented build: the stacks point into its bundles and source maps.
    const counts = countWalks(JSON.parse(fs.readFileSync(raw, 'utf8')) as Record<string, RecordedWalk>, root, sourceImportGraph(root));
    fs.writeFileSync(path.join(root, '.test-output', 'walks.json'), `${JSON.stringify(counts, null, 2)}\n`);
    log(formatWalks(counts));
  } finally {
    await buildDist();
  }
}

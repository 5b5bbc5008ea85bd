import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { RecordedWalk } from './recorder';
import { countWalks, formatWalks, sourceImportGraph } from './walksReport';

const root = path.resolve(__dirname, '..', '..');

/**
 * `npm run bench -- walks`: builds dist/ instrumented (`ELBOW_WALK=1`), runs the `walks` phase of the integration
 * runner in code-server, counts what it recorded, prints it and writes .test-output/walks.json; dist/ is built
 * again without instrumentation afterwards.
 */
export async function walksReport(log: (line: string) => void): Promise<void> {
  if (!fs.existsSync(path.join(root, 'tools/code-server/node_modules'))) {
    log('Walks benchmark skipped: code-server is not installed (bash scripts/setup-vscode-tools.sh).');
    return;
  }
  log('Walks benchmark: building instrumented and starting code-server…');
  const run = promisify(execFile);
  const raw = path.join(root, '.test-output', 'walks-raw.json');
  fs.rmSync(raw, { force: true });
  try {
    await runOrExplain(() => run(process.execPath, ['esbuild.js'], { cwd: root, env: { ...process.env, ELBOW_WALK: '1' } }));
    await runOrExplain(() => run(process.execPath, ['scripts/run-vscode-tests.mjs', 'walks'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
    if (!fs.existsSync(raw)) throw new Error(`The walks benchmark wrote no record to ${raw}.`);
    // Read while dist/ still holds the instrumented build: the stacks point into its bundles and source maps.
    const counts = countWalks(JSON.parse(fs.readFileSync(raw, 'utf8')) as Record<string, RecordedWalk>, root, sourceImportGraph(root));
    fs.writeFileSync(path.join(root, '.test-output', 'walks.json'), `${JSON.stringify(counts, null, 2)}\n`);
    log(formatWalks(counts));
  } finally {
    await run(process.execPath, ['esbuild.js'], { cwd: root });
  }
}

async function runOrExplain(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The walks benchmark failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

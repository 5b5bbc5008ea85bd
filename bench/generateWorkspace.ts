import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { bigFileText } from './content';
import { createRandom } from './random';
import { planWorkspace, TOTAL_FILES, type WorkspacePlan } from './workspaceLayout';

/** Bump when the layout or the content changes, so cached workspaces are made anew. */
const WORKSPACE_VERSION = 2;
const SEED = 0x5eed_e1b0;
const BIG_FILE_LINES = 200_000;
const WRITE_CONCURRENCY = 64;

export interface BenchWorkspace {
  /** The 50,000-file workspace root. */
  root: string;
  /** A second workspace root holding only the big file, so it does not weigh on searches. */
  editRoot: string;
  /** Relative to `editRoot`. */
  editFile: string;
  expected: WorkspacePlan['expected'];
}

interface Marker {
  version: number;
  seed: number;
  totalFiles: number;
  expected: WorkspacePlan['expected'];
}

/** The cached workspace under `benchDir`, generated first when missing or from another version. */
export async function ensureWorkspace(benchDir: string, log: (line: string) => void): Promise<BenchWorkspace> {
  const root = path.join(benchDir, 'workspace');
  const editRoot = path.join(benchDir, 'edit');
  const editFile = 'big.txt';
  const markerPath = path.join(benchDir, 'workspace.json');
  const cached = await readMarker(markerPath);
  if (cached && (await exists(path.join(root, '.git', 'HEAD'))) && (await exists(path.join(editRoot, editFile)))) {
    return { root, editRoot, editFile, expected: cached.expected };
  }
  log(`Generating the benchmark workspace (${TOTAL_FILES.toLocaleString('en')} files) in ${root} …`);
  const started = performance.now();
  await fs.rm(markerPath, { force: true });
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(editRoot, { recursive: true, force: true });
  const random = createRandom(SEED);
  const plan = planWorkspace(random);
  if (plan.files.length !== TOTAL_FILES) throw new Error(`The plan has ${plan.files.length} files, not ${TOTAL_FILES}.`);
  await writePlan(root, plan);
  await fs.mkdir(editRoot, { recursive: true });
  await fs.writeFile(path.join(editRoot, editFile), bigFileText(random, BIG_FILE_LINES));
  const marker: Marker = { version: WORKSPACE_VERSION, seed: SEED, totalFiles: TOTAL_FILES, expected: plan.expected };
  // Written last: an interrupted generation is redone.
  await fs.writeFile(markerPath, `${JSON.stringify(marker, null, 2)}\n`);
  // Flush the ~70 MB just written, or the kernel's write-back competes with the first measurements.
  await promisify(execFile)('sync').catch(() => undefined);
  log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return { root, editRoot, editFile, expected: plan.expected };
}

async function writePlan(root: string, plan: WorkspacePlan): Promise<void> {
  const folders = new Set(plan.files.map((file) => path.dirname(path.join(root, file.path))));
  for (const folder of [...folders].sort()) await fs.mkdir(folder, { recursive: true });
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < plan.files.length; index = next++) {
      const file = plan.files[index] as WorkspacePlan['files'][number];
      await fs.writeFile(path.join(root, file.path), file.text);
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
}

async function readMarker(markerPath: string): Promise<Marker | undefined> {
  try {
    const marker = JSON.parse(await fs.readFile(markerPath, 'utf8')) as Partial<Marker>;
    const current = marker.version === WORKSPACE_VERSION && marker.seed === SEED && marker.totalFiles === TOTAL_FILES;
    return current && marker.expected ? (marker as Marker) : undefined;
  } catch {
    return undefined;
  }
}

async function exists(filePath: string): Promise<boolean> {
  return fs.stat(filePath).then(() => true, () => false);
}

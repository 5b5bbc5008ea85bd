import { performance } from 'node:perf_hooks';
import { loadCorpus } from './corpusFiles';
import { formatEditsReport } from './editsReport';
import { DEFAULT_GENERATION, generateAttempts } from './generateAttempts';
import { generatePatchAttempts } from './patchAttempts';
import { formatPatchReport, scorePatchAttempts } from './patchReport';
import { scoreAttempts } from './scoreAttempts';

/**
 * `npm run bench -- edits`: edit attempts generated from the corpus of real source files (bench/edits/corpus), each
 * located with exact matching only and with the matching ladder in the same run, and scored against the intended file.
 */
export function runEditsBench(log: (line: string) => void): void {
  const files = loadCorpus();
  const started = performance.now();
  const attempts = generateAttempts(files, DEFAULT_GENERATION);
  log(`Edit corpus: ${files.length} files, ${attempts.length} attempts (seed ${DEFAULT_GENERATION.seed}), generated in ${(performance.now() - started).toFixed(0)} ms.\n`);
  log(formatEditsReport(scoreAttempts(attempts)));
  log(`\n${formatPatchReport(scorePatchAttempts(generatePatchAttempts(attempts, files, DEFAULT_GENERATION.seed)))}`);
}

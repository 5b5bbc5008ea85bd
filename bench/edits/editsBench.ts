import { performance } from 'node:perf_hooks';
import { buildCorpus } from './buildCorpus';
import { loadCorpus } from './corpusFiles';
import { formatCorpusReport } from './corpusReport';
import { formatEditsReport } from './editsReport';
import { DEFAULT_GENERATION, generateAttempts } from './generateAttempts';
import { generatePatchAttempts } from './patchAttempts';
import { formatPatchReport, scorePatchAttempts } from './patchReport';
import { scoreAttempts } from './scoreAttempts';

/**
 * `npm run bench -- edits`: edit attempts generated from a corpus of real source files read from this machine's
 * packages (bench/edits/corpusSources.ts), each located with exact matching only and with the matching ladder in the
 * same run, and scored against the intended file.
 */
export function runEditsBench(log: (line: string) => void): void {
  const corpus = buildCorpus();
  log(`${formatCorpusReport(corpus)}\n`);
  const files = loadCorpus(corpus);
  const started = performance.now();
  const attempts = generateAttempts(files, DEFAULT_GENERATION);
  log(`${files.length} files, ${attempts.length} attempts (seed ${DEFAULT_GENERATION.seed}), generated in ${(performance.now() - started).toFixed(0)} ms.\n`);
  log(formatEditsReport(scoreAttempts(attempts)));
  log(`\n${formatPatchReport(scorePatchAttempts(generatePatchAttempts(attempts, files, DEFAULT_GENERATION.seed)))}`);
}

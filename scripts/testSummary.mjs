// The closing line of scripts/test.sh: the unit and integration counts together, read from the
// summary line each runner prints last (`N passed, N failed[, N skipped]`).
// Usage: node scripts/testSummary.mjs <unit output file> <integration output file>
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const summaryLine = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm;

/** The counts of the last summary line in a runner's output, or undefined when it printed none (it did not finish). */
export function parseCounts(output) {
  const plain = stripVTControlCharacters(output).replace(/\r/g, '');
  const last = [...plain.matchAll(summaryLine)].at(-1);
  if (!last) return undefined;
  return { passed: Number(last[1]), failed: Number(last[2]), skipped: Number(last[3] ?? 0) };
}

const failedTestLine = /^failed test: .*$/gm;
/** Beyond this many, the failures are counted, not listed: the log above has them all. */
const MAX_LISTED_FAILURES = 20;

/** The `failed test: …` lines a runner printed, so the end of a long log says which tests failed. */
export function failedTests(output) {
  return [...stripVTControlCharacters(output).replace(/\r/g, '').matchAll(failedTestLine)].map((match) => match[0]);
}

const count = (value) => value.toLocaleString('en-US');

/** `Tests: 1,952 unit passed (1 skipped), 70 integration passed, 0 failed`; a runner that printed no summary is named as unfinished. */
export function summarize(outputs) {
  const parts = [];
  const unfinished = [];
  let failed = 0;
  for (const [kind, output] of Object.entries(outputs)) {
    const counts = output === undefined ? undefined : parseCounts(output);
    if (!counts) {
      unfinished.push(kind);
      continue;
    }
    failed += counts.failed;
    parts.push(`${count(counts.passed)} ${kind} passed${counts.skipped > 0 ? ` (${count(counts.skipped)} skipped)` : ''}`);
  }
  parts.push(`${count(failed)} failed`);
  if (unfinished.length > 0) parts.push(`${unfinished.join(' and ')} did not finish`);
  return `Tests: ${parts.join(', ')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (file) => (file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  const outputs = { unit: read(process.argv[2]), integration: read(process.argv[3]) };
  const failures = Object.values(outputs).flatMap((output) => (output === undefined ? [] : failedTests(output)));
  for (const line of failures.slice(0, MAX_LISTED_FAILURES)) console.log(line);
  if (failures.length > MAX_LISTED_FAILURES) console.log(`… and ${failures.length - MAX_LISTED_FAILURES} more failed tests (see above)`);
  console.log(summarize(outputs));
}

import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildDist, codeServerInstalled, runVscodePhase } from './vscodePhase';

const root = path.resolve(__dirname, '..');

interface Sample {
  first: boolean;
  /** The file and its importer were open in tabs already. */
  warm: boolean;
  breaks: boolean;
  /** A .txt file, which no language server checks. */
  plainText: boolean;
  /** Applying the edit (the baseline: what an edit costs without the check). */
  edit: number;
  /** Before the edit: finding and opening importers, noting their problems. */
  watch: number;
  /** After the edit: waiting for the language servers. */
  settle: number;
  found: number;
}

/**
 * The problems check in real VS Code with its TypeScript server: the `problemsBench` phase of the
 * integration runner edits the typed/ test project 21 times (clean and breaking edits in turn) and
 * times the check's parts apart from the edit itself.
 */
export async function problemsReport(log: (line: string) => void): Promise<void> {
  if (!codeServerInstalled('Problems', log)) return;
  log('Problems benchmark: building and starting code-server…');
  await buildDist();
  const output = path.join(root, '.test-output', 'problems-bench.json');
  fs.rmSync(output, { force: true });
  await runVscodePhase('problemsBench', 'problems');
  const { boundMs, samples } = JSON.parse(fs.readFileSync(output, 'utf8')) as { boundMs: number; samples: Sample[] };
  const first = samples.find((sample) => sample.first);
  const measured = samples.filter((sample) => !sample.first && !sample.plainText);
  const plainText = samples.filter((sample) => !sample.first && sample.plainText);
  const line = (label: string, chosen: readonly Sample[]): string => {
    const added = chosen.map((sample) => sample.watch + sample.settle);
    const hits = chosen.filter((sample) => sample.settle >= boundMs).length;
    const missed = chosen.filter((sample) => sample.breaks && sample.found === 0).length;
    return `${label.padEnd(26)} n=${String(chosen.length).padStart(2)}  added median ${percentile(added, 0.5).toFixed(0)} ms, p90 ${percentile(added, 0.9).toFixed(0)} ms (before the edit ${percentile(chosen.map((sample) => sample.watch), 0.5).toFixed(0)}, after ${percentile(chosen.map((sample) => sample.settle), 0.5).toFixed(0)})  bound hit ${hits}×  breaking edits with no problem found ${missed}  edit alone median ${percentile(chosen.map((sample) => sample.edit), 0.5).toFixed(0)} ms`;
  };
  log(line('all TypeScript edits', measured));
  for (const warm of [true, false]) {
    const state = warm ? 'open in tabs' : 'not in tabs';
    log(line(`breaking, ${state}`, measured.filter((sample) => sample.warm === warm && sample.breaks)));
    log(line(`clean, ${state}`, measured.filter((sample) => sample.warm === warm && !sample.breaks)));
  }
  log(line('plain text (.txt)', plainText));
  if (first !== undefined) log(`first edit (opens the importers): before the edit ${first.watch.toFixed(0)} ms, after ${first.settle.toFixed(0)} ms`);
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

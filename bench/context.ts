import * as path from 'node:path';
import type { BenchWorkspace } from './generateWorkspace';
import type { BenchHost } from './host';
import type { MeasureOptions } from './measure';
import { RIPGREP_WALK_FLAGS } from '../src/node/ripgrepSearcher';

export interface BenchContext {
  rgPath: string;
  workspace: BenchWorkspace;
  /** Host with `RipgrepSearcher`, as the CLI makes it when rg is installed. */
  elbow: BenchHost;
  /** Host with the pure TypeScript `BuiltinSearcher`. */
  builtin: BenchHost;
  rounds: MeasureOptions;
  /** For the pure TypeScript searcher, which takes seconds a run. */
  slowRounds: MeasureOptions;
  editRounds: MeasureOptions;
  log(line: string): void;
}

/**
 * The argv `RipgrepSearcher` spawns (its walk flags imported; the search flags of `search()`
 * repeated here), to run raw and tell its flags' cost from its processing's.
 */
export function elbowWalkFlags(root: string): string[] {
  return [...RIPGREP_WALK_FLAGS, '--ignore-file', path.join(root, '.elbowignore')];
}

export function elbowSearchArgs(root: string, pattern: string, caseSensitive: boolean): string[] {
  return [
    '--json', '--crlf', caseSensitive ? '--case-sensitive' : '--ignore-case',
    '--regexp', pattern, ...elbowWalkFlags(root),
  ];
}

export function elbowListArgs(root: string): string[] {
  return ['--files', '--null', '--sort', 'path', ...elbowWalkFlags(root)];
}

/** The number in a tool summary such as `Searched .: 7 matches in 7 files` or `Listed . recursively (1000+ files)`. */
export function countInSummary(summary: string): number {
  const match = /(\d+)\+?\s+(?:matches|files)/.exec(summary);
  return match ? Number(match[1]) : summary.includes('no matches') ? 0 : Number.NaN;
}

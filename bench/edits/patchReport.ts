import { performance } from 'node:perf_hooks';
import { parsePatch } from '../../src/core/tools/builtin/patch/parsePatch';
import { planPatch } from '../../src/core/tools/builtin/patch/planPatch';
import { ToolError } from '../../src/core/toolContract/toolError';
import type { PatchAttempt } from './patchAttempts';
import type { Outcome } from './scoreAttempts';

const NEAR_MISS_GOAL = 0.97;
const SHOWN_WRONG = 12;

export interface PatchScore {
  attempt: PatchAttempt;
  outcome: Outcome;
  milliseconds: number;
}

/** Each patch parsed and planned as apply_patch does: correct when every file comes out as intended, or when a must-refuse patch is refused. */
export function scorePatchAttempts(attempts: readonly PatchAttempt[]): PatchScore[] {
  return attempts.map((attempt) => {
    const started = performance.now();
    const outcome = planOutcome(attempt);
    return { attempt, outcome, milliseconds: performance.now() - started };
  });
}

function planOutcome(attempt: PatchAttempt): Outcome {
  let planned;
  try {
    planned = planPatch(parsePatch(attempt.patch), (path) => attempt.files.get(path));
  } catch (error) {
    if (error instanceof ToolError) return 'refused';
    throw error;
  }
  const { expected } = attempt;
  if (expected === undefined || planned.length !== expected.size) return 'wrong';
  return planned.every((file) => file.kind === 'update' && expected.get(file.path) === file.text) ? 'correct' : 'wrong';
}

/** The apply_patch table: outcomes per class, the goal's verdict, and the wrong landings to reproduce. */
export function formatPatchReport(scores: readonly PatchScore[]): string {
  const classes = [...new Set(scores.map((score) => score.attempt.patchClass))];
  const rows = classes.map((patchClass) => row(patchClass, scores.filter((score) => score.attempt.patchClass === patchClass)));
  const nearMisses = scores.filter((score) => score.attempt.kind === 'near miss');
  const mustRefuse = scores.filter((score) => score.attempt.kind === 'must refuse');
  const correct = count(nearMisses, 'correct');
  const share = nearMisses.length === 0 ? 0 : correct / nearMisses.length;
  const wrong = count(scores, 'wrong');
  const refused = count(mustRefuse, 'refused');
  const pass = share >= NEAR_MISS_GOAL && wrong === 0 && refused === mustRefuse.length;
  const wrongIds = scores.filter((score) => score.outcome === 'wrong').map((score) => `  ${score.attempt.id}`);
  const median = [...scores.map((score) => score.milliseconds)].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
  return [
    'apply_patch: the same intended edits and near misses written as patches (one hunk per file), parsed and planned as the tool does.',
    'correct = every file exactly as intended; wrong = any file otherwise, or anything planned for a must-refuse patch.\n',
    table(['class', 'patches', 'correct / refused / wrong'], [...rows, row('all near misses', nearMisses), row('all must-refuse', mustRefuse)]),
    '',
    `Goal: near misses ≥ ${NEAR_MISS_GOAL * 100}% first-try correct, 0 wrong, must-refuse all refused: ${(share * 100).toFixed(1)}% (${correct} of ${nearMisses.length}), ${wrong} wrong, ${refused} of ${mustRefuse.length} refused — ${pass ? 'PASS' : 'MISS'}`,
    `Time per patch: median ${median.toFixed(3)} ms over ${scores.length} patches.`,
    ...(wrongIds.length === 0 ? [] : ['', `Wrong (${wrongIds.length}${wrongIds.length > SHOWN_WRONG ? `, first ${SHOWN_WRONG}` : ''}):`, ...wrongIds.slice(0, SHOWN_WRONG)]),
  ].join('\n');
}

function count(scores: readonly PatchScore[], outcome: Outcome): number {
  return scores.filter((score) => score.outcome === outcome).length;
}

function row(label: string, scores: readonly PatchScore[]): string[] {
  return [label, String(scores.length), `${count(scores, 'correct')} / ${count(scores, 'refused')} / ${count(scores, 'wrong')}`];
}

function table(header: readonly string[], body: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] as number) : cell.padStart(widths[column] as number))).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join('\n');
}

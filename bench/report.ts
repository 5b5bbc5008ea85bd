import type { Timing } from './measure';

/**
 * `ratio`: Elbow's median at most `max` times the baseline's; `under`: Elbow's median below `ms`;
 * `addedAtMost`: Elbow's median at most `ms` above the baseline's.
 */
export type Goal = { kind: 'ratio'; max: number } | { kind: 'under'; ms: number } | { kind: 'addedAtMost'; ms: number } | { kind: 'none' };

export interface Row {
  label: string;
  elbow: Timing;
  baseline?: Timing;
  goal: Goal;
}

/** A plain-text table: case, Elbow ms, baseline ms (medians, minimum in brackets), ratio of the medians and of the minimums, goal, verdict (on the medians). */
export function formatTable(rows: readonly Row[]): string {
  const header = ['case', 'Elbow ms', 'baseline ms', 'ratio', 'min ratio', 'goal', 'result'];
  const body = rows.map((row) => {
    const ratio = row.baseline ? row.elbow.median / row.baseline.median : undefined;
    return [
      row.label,
      formatTiming(row.elbow),
      row.baseline ? formatTiming(row.baseline) : '–',
      ratio === undefined ? '–' : `${ratio.toFixed(2)}×`,
      row.baseline ? `${(row.elbow.min / row.baseline.min).toFixed(2)}×` : '–',
      describeGoal(row.goal),
      verdict(row, ratio),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(header), rule, ...body.map(line)].join('\n');
}

function formatTiming(timing: Timing): string {
  return `${timing.median.toFixed(1)} (${timing.min.toFixed(1)})`;
}

function describeGoal(goal: Goal): string {
  if (goal.kind === 'ratio') return `≤ ${goal.max}× baseline`;
  if (goal.kind === 'under') return `< ${goal.ms} ms`;
  if (goal.kind === 'addedAtMost') return `≤ +${goal.ms} ms`;
  return 'info';
}

function verdict(row: Row, ratio: number | undefined): string {
  if (row.goal.kind === 'ratio') return ratio !== undefined && ratio <= row.goal.max ? 'PASS' : 'MISS';
  if (row.goal.kind === 'under') return row.elbow.median < row.goal.ms ? 'PASS' : 'MISS';
  if (row.goal.kind === 'addedAtMost') return row.baseline && row.elbow.median - row.baseline.median <= row.goal.ms ? 'PASS' : 'MISS';
  return '';
}

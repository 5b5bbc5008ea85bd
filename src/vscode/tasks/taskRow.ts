import { computeHunks, countLines } from '../../core/review/lineHunks';
import { formatCost, formatTokenCount } from '../../format/tokenCount';
import type { WorktreeFileChange, WorktreeTaskState, WorktreeTaskStatus } from './worktreeTasks';

/** How a status reads in the Tasks view. */
export const statusLabels: Readonly<Record<WorktreeTaskStatus, string>> = {
  starting: 'Making its worktree',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  reviewing: 'Putting its changes into the workspace',
  reviewed: 'In review in the workspace',
  kept: 'Kept on its branch',
  discarded: 'Discarded',
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Lines a change adds and removes; `undefined` for a file that is not text. */
export function changedLines(change: WorktreeFileChange): { added: number; removed: number } | undefined {
  const before = textOf(change.before);
  const after = textOf(change.after);
  if (before === undefined || after === undefined) return undefined;
  return countLines(computeHunks(before, after));
}

/** The row's description: model, time, cost and files changed, e.g. `gpt-5 · 2 min · $0.04 · 3 files +12 −4`. */
export function taskDescription(task: WorktreeTaskState, now: number): string {
  const parts = [task.model, elapsedText((task.endedAt ?? now) - task.startedAt)];
  if (task.tokens > 0) parts.push(`${formatTokenCount(task.tokens)} tokens`, formatCost(task.cost));
  if (task.changesUnreadable !== undefined) parts.push('changes unreadable');
  else if (task.changes !== undefined) parts.push(changesText(task.changes));
  return parts.join(' · ');
}

/** `3 files +12 −4`, `no changes`. */
export function changesText(changes: readonly WorktreeFileChange[]): string {
  if (changes.length === 0) return 'no changes';
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const lines = changedLines(change);
    added += lines?.added ?? 0;
    removed += lines?.removed ?? 0;
  }
  return `${changes.length} ${changes.length === 1 ? 'file' : 'files'} +${added} −${removed}`;
}

/** `8 s`, `2 min 5 s`, `1 h 3 min`: seconds count while a task runs. */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** What the row's menus offer: `running`, or `finished` (with its worktree) or `closed`; `.answer` when there is one. */
export function taskContextValue(task: WorktreeTaskState): string {
  const stage = task.status === 'starting' || task.status === 'running'
    ? 'running'
    : (task.status === 'done' || task.status === 'failed' || task.status === 'cancelled') && task.branch !== undefined
      ? 'finished'
      : 'closed';
  return `elbow.task.${stage}${task.answer === undefined ? '' : '.answer'}`;
}

function textOf(bytes: Uint8Array | undefined): string | undefined {
  if (bytes === undefined) return '';
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

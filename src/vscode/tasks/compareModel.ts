import { computeHunks, countLines } from '../../core/review/lineHunks';
import type { WorktreeFileChange, WorktreeTaskState, WorktreeTaskStatus } from './worktreeTasks';
import { groupTasks } from './compareGroup';

/** One changed file of a compared result; no line counts for a file that is not text. */
export interface ComparedFile {
  path: string;
  status: WorktreeFileChange['status'];
  /** A submodule has no lines to count; a link's lines are its target's name. */
  kind: WorktreeFileChange['kind'];
  lines?: { added: number; removed: number };
}

/** One model's result, as a column of the Compare panel shows it. */
export interface ComparedResult {
  taskId: string;
  provider: string;
  model: string;
  status: WorktreeTaskStatus;
  /** Still working: its time and tokens grow. */
  live: boolean;
  elapsedMs: number;
  tokens: number;
  cost: number | null;
  files: ComparedFile[];
  answer?: string;
  error?: string;
  branch?: string;
  canOpenDiff: boolean;
  canReview: boolean;
}

/** A group's results side by side. */
export interface Comparison {
  group: string;
  prompt: string;
  results: ComparedResult[];
  /** The result taken into the workspace or onto its branch, once one is. */
  chosen?: string;
}

const liveStatuses: readonly WorktreeTaskStatus[] = ['starting', 'running'];
const chosenStatuses: readonly WorktreeTaskStatus[] = ['reviewing', 'reviewed', 'kept'];

/** The group's tasks as columns, in the order they started; `now` times those still running. */
export function comparisonOf(group: string, tasks: readonly WorktreeTaskState[], now: number): Comparison {
  const members = groupTasks(tasks, group);
  const chosen = members.find((task) => chosenStatuses.includes(task.status))?.id;
  return {
    group,
    prompt: members[0]?.prompt ?? '',
    results: members.map((task) => resultOf(task, now, chosen)),
    ...(chosen === undefined ? {} : { chosen }),
  };
}

function resultOf(task: WorktreeTaskState, now: number, chosen: string | undefined): ComparedResult {
  const live = liveStatuses.includes(task.status);
  const files = (task.changes ?? []).map(fileOf);
  const error = task.error ?? (task.changesUnreadable === undefined ? undefined : `Its changes could not be read (${task.changesUnreadable}); its worktree and branch stay.`);
  return {
    taskId: task.id,
    provider: task.provider,
    model: task.model,
    status: task.status,
    live,
    elapsedMs: Math.max(0, (task.endedAt ?? now) - task.startedAt),
    tokens: task.tokens,
    cost: task.cost,
    files,
    ...(task.answer === undefined ? {} : { answer: task.answer }),
    ...(error === undefined ? {} : { error }),
    ...(task.branch === undefined ? {} : { branch: task.branch }),
    canOpenDiff: files.length > 0 && task.status !== 'discarded',
    canReview: task.status === 'done' && files.length > 0 && chosen === undefined,
  };
}

const fileCounts = new WeakMap<WorktreeFileChange, ComparedFile>();

/** Counted once per change: the panel is drawn again as the other tasks run. */
function fileOf(change: WorktreeFileChange): ComparedFile {
  const known = fileCounts.get(change);
  if (known !== undefined) return known;
  const before = textOf(change.before);
  const after = textOf(change.after);
  const file: ComparedFile = before === undefined || after === undefined || change.kind === 'submodule'
    ? { path: change.path, status: change.status, kind: change.kind }
    : { path: change.path, status: change.status, kind: change.kind, lines: countLines(computeHunks(before, after)) };
  fileCounts.set(change, file);
  return file;
}

/** The bytes as UTF-8 text; `''` for no bytes, `undefined` for what is not text. */
export function textOf(bytes: Uint8Array | undefined): string | undefined {
  if (bytes === undefined) return '';
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

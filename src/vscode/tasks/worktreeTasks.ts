import type * as vscode from 'vscode';
import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import type { TaskWorktree, WorktreeFileChange, WorktreeStore } from './worktreeStore';

export type { WorktreeFileChange } from './worktreeStore';

export interface WorktreeTaskStart {
  prompt: string;
  title?: string;
  provider?: string;
  model?: string;
  /** Tasks started together (a comparison) share a group. */
  group?: string;
}

export type WorktreeTaskStatus = 'starting' | 'running' | 'done' | 'failed' | 'cancelled' | 'reviewing' | 'reviewed' | 'kept' | 'discarded';

export interface WorktreeTaskState {
  id: string;
  title: string;
  prompt: string;
  provider: string;
  model: string;
  status: WorktreeTaskStatus;
  startedAt: number;
  endedAt?: number;
  tokens: number;
  /** In US dollars; `null` when a price is unknown. */
  cost: number | null;
  answer?: string;
  error?: string;
  branch?: string;
  changes?: WorktreeFileChange[];
  /** Why the task's changes could not be read: its worktree and branch then stay until the user removes them. */
  changesUnreadable?: string;
  group?: string;
}

/** A task's conversation, run to its end in its worktree. */
export interface TaskRun {
  worktree: TaskWorktree;
  /** The workspace folder the task was started from: it works in the same folder of its worktree. */
  folder: string;
  title: string;
  prompt: string;
  provider: string;
  model: string;
}

export interface WorktreeTasksDependencies {
  worktrees: WorktreeStore;
  /** The repository tasks branch from (the workspace's first folder); `undefined` when no folder is open. */
  repoRoot(): string | undefined;
  /** The chat's provider and model, for a task that names none. */
  defaults(): { provider: string; model: string };
  /** Runs the task's prompt in its worktree; `report` gets every event of the run. */
  run(task: TaskRun, report: (event: AgentEvent) => void, signal: AbortSignal): Promise<RunOutcome>;
  /** Puts the task's changes into the workspace folder it branched from (`folder`), for review hunk by hunk; says what it left out. */
  reviewInWorkspace(task: WorktreeTaskState, changes: readonly WorktreeFileChange[], where: { folder: string; worktree: TaskWorktree }): Promise<{ skipped: readonly unknown[] }>;
  /** Tells the user something went wrong and what to do. */
  showError(message: string): void;
  log(message: string): void;
  now?(): number;
}

const finished: ReadonlySet<WorktreeTaskStatus> = new Set(['done', 'failed', 'cancelled']);
const titleLength = 60;

interface Task {
  state: WorktreeTaskState;
  worktree?: TaskWorktree;
  /** The workspace folder its worktree branched from. */
  folder?: string;
  abort: AbortController;
  /** The run, its worktree made and its changes read. */
  settled: Promise<void>;
}

/**
 * Whole conversations run side by side, each in a git worktree of its own on its own branch, and what becomes
 * of them: their changes reviewed into the workspace, kept on the branch, or discarded. A worktree lives until then.
 */
export class WorktreeTasks implements vscode.Disposable {
  private readonly tasks = new Map<string, Task>();
  private readonly listeners = new Set<() => void>();
  private counter = 0;

  constructor(private readonly deps: WorktreeTasksDependencies) {}

  readonly onDidChange: vscode.Event<void> = (listener, thisArgs?: unknown, disposables?: vscode.Disposable[]) => {
    const bound = (): void => void listener.call(thisArgs);
    this.listeners.add(bound);
    const disposable = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(disposable);
    return disposable;
  };

  /** Starts a task; its id at once, while its worktree is made and its conversation runs. */
  start(start: WorktreeTaskStart): Promise<string> {
    const prompt = start.prompt.trim();
    if (prompt === '') return Promise.reject(new Error('A task needs a prompt.'));
    const defaults = this.deps.defaults();
    this.counter += 1;
    const id = `task-${this.now().toString(36)}-${this.counter}`;
    const state: WorktreeTaskState = {
      id,
      title: start.title?.trim() || titleOf(prompt),
      prompt,
      provider: start.provider ?? defaults.provider,
      model: start.model ?? defaults.model,
      status: 'starting',
      startedAt: this.now(),
      tokens: 0,
      cost: 0,
      ...(start.group === undefined ? {} : { group: start.group }),
    };
    const task: Task = { state, abort: new AbortController(), settled: Promise.resolve() };
    this.tasks.set(id, task);
    task.settled = this.runTask(task);
    this.changed();
    return Promise.resolve(id);
  }

  list(): readonly WorktreeTaskState[] {
    return [...this.tasks.values()].map((task) => task.state);
  }

  get(id: string): WorktreeTaskState | undefined {
    return this.tasks.get(id)?.state;
  }

  /** Resolves once the task's run has ended and its changes are read (for tests and Compare). */
  async settled(id: string): Promise<void> {
    await this.tasks.get(id)?.settled;
  }

  /**
   * The task's changes go into the workspace as the agent's, to accept or reject hunk by hunk; its worktree goes, and
   * its branch too when everything went in. What review left out (links, binary files, …) stays on the branch.
   */
  async review(id: string): Promise<void> {
    const task = this.finishedTask(id, 'review');
    this.refuseUnreadable(task, 'review');
    const changes = task.state.changes ?? [];
    const before = task.state.status;
    this.update(task, { status: 'reviewing' });
    let leftOut: number;
    try {
      leftOut = (await this.deps.reviewInWorkspace(task.state, changes, { folder: task.folder ?? '', worktree: task.worktree as TaskWorktree })).skipped.length;
    } catch (error) {
      this.update(task, { status: before });
      throw error;
    }
    if (leftOut === 0) {
      await this.removeWorktree(task, true);
      this.update(task, { status: 'reviewed' });
      return;
    }
    const worktree = task.worktree as TaskWorktree;
    try {
      const kept = await this.deps.worktrees.keepOnBranch(worktree, commitMessage(task.state));
      task.worktree = undefined;
      this.update(task, { status: 'reviewed', branch: kept.branch });
    } catch (error) {
      this.update(task, { status: 'reviewed' });
      this.deps.showError(`Elbow: could not keep what review left out of the task "${task.state.title}" on its branch ${worktree.branch}: ${messageOf(error)} Its worktree stays at ${worktree.path}.`);
    }
  }

  /** Commits the task's changes on its branch and removes its worktree; the branch stays. */
  async keepOnBranch(id: string): Promise<void> {
    const task = this.finishedTask(id, 'keep');
    const worktree = task.worktree as TaskWorktree;
    const kept = await this.deps.worktrees.keepOnBranch(worktree, commitMessage(task.state));
    task.worktree = undefined;
    this.update(task, { status: 'kept', branch: kept.branch });
  }

  /** Removes the task's worktree and branch, with its changes; for a task whose changes could not be read, only when the user confirmed. */
  async discard(id: string, options: { unreadableConfirmed?: boolean } = {}): Promise<void> {
    const task = this.finishedTask(id, 'discard');
    if (options.unreadableConfirmed !== true) this.refuseUnreadable(task, 'discard');
    await this.removeWorktree(task, true);
    this.update(task, { status: 'discarded' });
  }

  cancel(id: string): void {
    const task = this.tasks.get(id);
    if (task === undefined || (task.state.status !== 'starting' && task.state.status !== 'running')) return;
    task.abort.abort();
  }

  /** Worktrees a run that ended without cleaning up (a crash) left behind go; once, when Elbow starts. */
  async cleanUpStale(): Promise<void> {
    try {
      const removed = await this.deps.worktrees.cleanUpStale();
      if (removed.length > 0) this.deps.log(`Removed ${removed.length} worktree(s) an earlier run left behind: ${removed.map((worktree) => worktree.path).join(', ')}.`);
    } catch (error) {
      this.deps.log(`Could not clean up worktrees an earlier run left behind: ${messageOf(error)}`);
    }
  }

  /**
   * On shutdown: running tasks stop; a finished task's changes are kept on its branch (nothing of the user's is
   * lost) and every worktree goes, those of tasks without changes with their branch.
   */
  async stop(): Promise<void> {
    for (const task of this.tasks.values()) task.abort.abort();
    await Promise.all(
      [...this.tasks.values()].map(async (task) => {
        await task.settled;
        const worktree = task.worktree;
        if (worktree === undefined) return;
        if (task.state.changesUnreadable !== undefined) {
          this.deps.log(`The changes of the task "${task.state.title}" could not be read, so its worktree ${worktree.path} and branch ${worktree.branch} stay.`);
          return;
        }
        try {
          if ((task.state.changes ?? []).length > 0) await this.deps.worktrees.keepOnBranch(worktree, commitMessage(task.state));
          else await this.deps.worktrees.remove(worktree, { deleteBranch: true });
          task.worktree = undefined;
        } catch (error) {
          this.deps.log(`Could not put away the worktree ${worktree.path}: ${messageOf(error)}`);
        }
      }),
    );
  }

  dispose(): void {
    for (const task of this.tasks.values()) task.abort.abort();
    this.listeners.clear();
  }

  private async runTask(task: Task): Promise<void> {
    const repoRoot = this.deps.repoRoot();
    if (repoRoot === undefined) {
      this.fail(task, 'Open a folder that is a git repository first: a task runs in a git worktree of it.');
      return;
    }
    task.folder = repoRoot;
    try {
      task.worktree = await this.deps.worktrees.create(repoRoot, { label: task.state.title });
    } catch (error) {
      this.fail(task, `Could not make a worktree for the task: ${messageOf(error)}`);
      return;
    }
    const worktree = task.worktree;
    this.update(task, { branch: worktree.branch });
    if (task.abort.signal.aborted) {
      await this.endRun(task, { reason: 'cancelled', message: 'Cancelled.' });
      return;
    }
    this.update(task, { status: 'running' });
    let outcome: RunOutcome;
    try {
      const { title, prompt, provider, model } = task.state;
      outcome = await this.deps.run({ worktree, folder: repoRoot, title, prompt, provider, model }, (event) => this.follow(task, event), task.abort.signal);
    } catch (error) {
      outcome = task.abort.signal.aborted ? { reason: 'cancelled', message: 'Cancelled.' } : { reason: 'stopped', message: messageOf(error) };
    }
    await this.endRun(task, outcome);
  }

  private async endRun(task: Task, outcome: RunOutcome): Promise<void> {
    let ended: Partial<WorktreeTaskState> = { endedAt: this.now(), changes: [] };
    try {
      if (task.worktree !== undefined) ended = { endedAt: this.now(), changes: await this.deps.worktrees.changes(task.worktree) };
    } catch (error) {
      const why = messageOf(error);
      this.deps.log(`Could not read the changes of the task "${task.state.title}": ${why}`);
      ended = { endedAt: this.now(), changesUnreadable: why };
    }
    switch (outcome.reason) {
      case 'completed':
        this.update(task, { ...ended, status: 'done', answer: outcome.text });
        return;
      case 'cancelled':
        this.update(task, { ...ended, status: 'cancelled' });
        return;
      default:
        this.update(task, { ...ended, status: 'failed', error: outcome.message });
        this.deps.showError(`Elbow: the task "${task.state.title}" failed: ${outcome.message}`);
    }
  }

  private follow(task: Task, event: AgentEvent): void {
    // A child's usage is counted by its parent's totals.
    if (event.type !== 'usage') return;
    const { usage } = event;
    const tokens = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    const cost = task.state.cost === null || event.cost === null ? null : task.state.cost + event.cost;
    this.update(task, { tokens: task.state.tokens + tokens, cost });
  }

  private fail(task: Task, message: string): void {
    this.update(task, { status: 'failed', error: message, endedAt: this.now(), changes: [] });
    this.deps.showError(`Elbow: the task "${task.state.title}" could not start. ${message}`);
  }

  private finishedTask(id: string, action: string): Task {
    const task = this.tasks.get(id);
    if (task === undefined) throw new Error(`There is no task ${id}.`);
    if (!finished.has(task.state.status) || task.worktree === undefined) {
      throw new Error(`The task "${task.state.title}" is ${task.state.status}: only a finished task with its worktree can ${action} its changes.`);
    }
    return task;
  }

  private refuseUnreadable(task: Task, action: string): void {
    const why = task.state.changesUnreadable;
    if (why === undefined) return;
    const worktree = task.worktree as TaskWorktree;
    throw new Error(`The changes of the task "${task.state.title}" could not be read (${why}), so Elbow cannot ${action} them: look at its worktree ${worktree.path} on the branch ${worktree.branch}.`);
  }

  private async removeWorktree(task: Task, deleteBranch: boolean): Promise<void> {
    if (task.worktree === undefined) return;
    await this.deps.worktrees.remove(task.worktree, { deleteBranch });
    task.worktree = undefined;
  }

  private update(task: Task, change: Partial<WorktreeTaskState>): void {
    task.state = { ...task.state, ...change };
    this.changed();
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}

function titleOf(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > titleLength ? `${line.slice(0, titleLength - 1)}…` : line;
}

function commitMessage(state: WorktreeTaskState): string {
  return `${state.title}\n\nElbow task (${state.provider} ${state.model}):\n\n${state.prompt}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type * as vscode from 'vscode';
import type { WorktreeTaskStart, WorktreeTaskState } from '../../../../src/vscode/tasks/worktreeTasks';
import type { ComparedTasks } from '../../../../src/vscode/tasks/comparedTasks';

/** A worktree task runner in memory: tasks start `running`, the test moves them on; it records what was asked of it. */
export class FakeWorktreeTasks implements ComparedTasks {
  readonly started: WorktreeTaskStart[] = [];
  readonly calls: string[] = [];
  private readonly tasks: WorktreeTaskState[] = [];
  private readonly listeners = new Set<() => void>();
  private clock = 1_000;
  /** Models whose start is refused, as a runner that cannot make a worktree would. */
  refuse = new Set<string>();

  readonly onDidChange: vscode.Event<void> = (listener) => {
    const bound = () => listener(undefined);
    this.listeners.add(bound);
    return { dispose: () => this.listeners.delete(bound) };
  };

  start(start: WorktreeTaskStart): Promise<string> {
    this.started.push(start);
    if (start.model !== undefined && this.refuse.has(start.model)) return Promise.reject(new Error(`no worktree for ${start.model}`));
    const id = `task-${this.tasks.length + 1}`;
    this.clock += 10;
    this.tasks.push({ id, title: start.title ?? start.prompt, prompt: start.prompt, provider: start.provider ?? 'openai', model: start.model ?? 'gpt-4.1', status: 'running', startedAt: this.clock, tokens: 0, cost: 0, ...(start.group === undefined ? {} : { group: start.group }) });
    this.changed();
    return Promise.resolve(id);
  }

  list(): readonly WorktreeTaskState[] {
    return this.tasks;
  }

  get(id: string): WorktreeTaskState | undefined {
    return this.tasks.find((task) => task.id === id);
  }

  /** Changes a task as the runner would, and tells the listeners. */
  update(id: string, change: Partial<WorktreeTaskState>): void {
    const index = this.tasks.findIndex((task) => task.id === id);
    const task = this.tasks[index];
    if (task === undefined) throw new Error(`no task ${id}`);
    this.tasks[index] = { ...task, ...change };
    this.changed();
  }

  review(id: string): Promise<void> {
    this.calls.push(`review ${id}`);
    this.update(id, { status: 'reviewing' });
    return Promise.resolve();
  }

  discard(id: string): Promise<void> {
    this.calls.push(`discard ${id}`);
    this.update(id, { status: 'discarded' });
    return Promise.resolve();
  }

  cancel(id: string): void {
    this.calls.push(`cancel ${id}`);
    this.update(id, { status: 'cancelled' });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

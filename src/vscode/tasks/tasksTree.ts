import * as vscode from 'vscode';
import { changedLines, statusLabels, taskContextValue, taskDescription } from './taskRow';
import type { WorktreeFileChange, WorktreeTasks, WorktreeTaskState, WorktreeTaskStatus } from './worktreeTasks';

/** A row of the Tasks view: a task, the line of its details under it, or a file it changed. */
export type TaskNode = { type: 'task'; id: string } | { type: 'details'; taskId: string } | { type: 'file'; taskId: string; change: WorktreeFileChange };

const icons: Readonly<Record<WorktreeTaskStatus, [string, string?]>> = {
  starting: ['loading~spin'],
  running: ['sync~spin'],
  done: ['pass', 'testing.iconPassed'],
  failed: ['error', 'errorForeground'],
  cancelled: ['circle-slash', 'disabledForeground'],
  reviewing: ['loading~spin'],
  reviewed: ['diff'],
  kept: ['git-branch'],
  discarded: ['trash', 'disabledForeground'],
};

const fileIcons: Readonly<Record<WorktreeFileChange['status'], string>> = { added: 'diff-added', modified: 'diff-modified', deleted: 'diff-removed' };

/** The Tasks view: every worktree task with its status, model, time, cost and changed files; the time ticks while one runs. */
export class TasksTree implements vscode.TreeDataProvider<TaskNode>, vscode.Disposable {
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the type VS Code's TreeDataProvider declares
  private readonly changed = new vscode.EventEmitter<TaskNode | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private ticking: NodeJS.Timeout | undefined;

  constructor(private readonly tasks: WorktreeTasks) {
    this.subscription = tasks.onDidChange(() => this.refresh());
  }

  getChildren(node?: TaskNode): TaskNode[] {
    if (node === undefined) return [...this.tasks.list()].reverse().map((task) => ({ type: 'task', id: task.id }));
    if (node.type !== 'task') return [];
    const task = this.tasks.get(node.id);
    const files: TaskNode[] = stillInWorktree(task) ? (task?.changes ?? []).map((change) => ({ type: 'file', taskId: node.id, change })) : [];
    return [{ type: 'details', taskId: node.id }, ...files];
  }

  getTreeItem(node: TaskNode): vscode.TreeItem {
    if (node.type === 'file') return fileItem(node.taskId, node.change);
    if (node.type === 'details') return detailsItem(this.tasks.get(node.taskId));
    const task = this.tasks.get(node.id);
    if (task === undefined) return new vscode.TreeItem('(gone)');
    // Unfolded: a side bar of 300 px leaves no room for the details beside the title.
    const item = new vscode.TreeItem(task.title, vscode.TreeItemCollapsibleState.Expanded);
    item.id = task.id;
    item.description = statusLabels[task.status];
    const [icon, color] = icons[task.status];
    item.iconPath = new vscode.ThemeIcon(icon, color === undefined ? undefined : new vscode.ThemeColor(color));
    item.contextValue = taskContextValue(task);
    item.tooltip = tooltipOf(task);
    item.accessibilityInformation = { label: `${task.title}: ${statusLabels[task.status]}, ${taskDescription(task, Date.now())}` };
    if (task.answer !== undefined) item.command = { command: 'elbow.tasks.showAnswer', title: 'Show Answer', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
    if (this.ticking !== undefined) clearInterval(this.ticking);
  }

  private refresh(): void {
    this.changed.fire();
    const running = this.tasks.list().some((task) => task.status === 'starting' || task.status === 'running');
    if (running && this.ticking === undefined) this.ticking = setInterval(() => this.changed.fire(), 1000);
    if (!running && this.ticking !== undefined) {
      clearInterval(this.ticking);
      this.ticking = undefined;
    }
  }
}

function stillInWorktree(task: WorktreeTaskState | undefined): boolean {
  return task !== undefined && (task.status === 'done' || task.status === 'failed' || task.status === 'cancelled');
}

/** The task's model, time, tokens, cost and changed lines, on a line of their own; the time ticks while it runs. */
function detailsItem(task: WorktreeTaskState | undefined): vscode.TreeItem {
  if (task === undefined) return new vscode.TreeItem('');
  const item = new vscode.TreeItem(taskDescription(task, Date.now()));
  item.id = `${task.id}/details`;
  item.tooltip = `${statusLabels[task.status]}${task.error === undefined ? '' : `: ${task.error}`}`;
  item.contextValue = 'elbow.task.details';
  return item;
}

function fileItem(taskId: string, change: WorktreeFileChange): vscode.TreeItem {
  const item = new vscode.TreeItem(change.path);
  item.id = `${taskId}/file/${change.path}`;
  const lines = changedLines(change);
  item.description = lines === undefined ? `${change.status}, not text` : `${change.status} +${lines.added} −${lines.removed}`;
  item.iconPath = new vscode.ThemeIcon(fileIcons[change.status]);
  item.contextValue = 'elbow.task.file';
  return item;
}

function tooltipOf(task: WorktreeTaskState): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(undefined, false);
  tooltip.appendText(`${statusLabels[task.status]} — ${task.provider} ${task.model}`);
  if (task.branch !== undefined) tooltip.appendText(`\nBranch: ${task.branch}`);
  if (task.error !== undefined) tooltip.appendText(`\n${task.error}`);
  tooltip.appendText(`\n\n${task.prompt}`);
  return tooltip;
}

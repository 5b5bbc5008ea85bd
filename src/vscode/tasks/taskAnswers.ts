import * as vscode from 'vscode';
import type { WorktreeTasks } from './worktreeTasks';

export const TASK_ANSWER_SCHEME = 'elbow-task-answer';

/** A task's final answer as a read-only Markdown document, named by its title. */
export class TaskAnswers implements vscode.TextDocumentContentProvider {
  constructor(private readonly tasks: WorktreeTasks) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const task = this.tasks.get(uri.query);
    if (task === undefined) return 'This task is no longer listed.';
    return `# ${task.title}\n\n${task.answer ?? task.error ?? 'No answer yet.'}\n`;
  }

  async show(id: string): Promise<void> {
    const task = this.tasks.get(id);
    if (task === undefined) return;
    const name = task.title.replace(/[\\/:*?"<>|#%\s]+/g, ' ').trim().slice(0, 60) || 'Task';
    const uri = vscode.Uri.from({ scheme: TASK_ANSWER_SCHEME, path: `/${name}.md`, query: id });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { preview: true });
  }
}

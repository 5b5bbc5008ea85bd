import * as vscode from 'vscode';
import type { CommandHandlers } from '../commands/commandHandlers';
import { showError, showWarning } from '../notifications';
import type { TaskAnswers } from './taskAnswers';
import type { TaskNode } from './tasksTree';
import type { WorktreeTasks } from './worktreeTasks';

/** The Tasks view's commands and "Run in a New Worktree"; a row's command gets its node, a caller may pass a task's id. */
export function taskCommands(tasks: WorktreeTasks, answers: TaskAnswers): CommandHandlers {
  const acting = (action: (id: string) => Promise<void> | void) => async (target: unknown): Promise<void> => {
    const id = taskIdOf(target);
    if (id === undefined) return;
    try {
      await action(id);
    } catch (error) {
      void showError(`Elbow: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return {
    'elbow.tasks.runInWorktree': async (prompt?: unknown) => {
      const text = typeof prompt === 'string' && prompt.trim() !== '' ? prompt : await askForPrompt();
      if (text === undefined) return undefined;
      const id = await tasks.start({ prompt: text });
      await vscode.commands.executeCommand('elbow.tasks.focus');
      return id;
    },
    'elbow.tasks.show': () => vscode.commands.executeCommand('elbow.tasks.focus'),
    'elbow.tasks.review': acting((id) => tasks.review(id)),
    'elbow.tasks.keepOnBranch': acting((id) => tasks.keepOnBranch(id)),
    'elbow.tasks.discard': acting((id) => discardAsking(tasks, id)),
    'elbow.tasks.cancel': acting((id) => tasks.cancel(id)),
    'elbow.tasks.showAnswer': acting((id) => answers.show(id)),
  };
}

/** A task whose changes could not be read is discarded only when the user says so, seeing what goes with it. */
async function discardAsking(tasks: WorktreeTasks, id: string): Promise<void> {
  const task = tasks.get(id);
  if (task?.changesUnreadable === undefined) return tasks.discard(id);
  const answer = await showWarning(
    `Elbow could not read the changes of the task "${task.title}" (${task.changesUnreadable}). Discard removes its worktree and its branch ${task.branch ?? ''} with whatever they hold.`,
    'Discard',
    'Keep',
  );
  if (answer === 'Discard') await tasks.discard(id, { unreadableConfirmed: true });
}

async function askForPrompt(): Promise<string | undefined> {
  const prompt = await vscode.window.showInputBox({
    title: 'Run in a New Worktree',
    prompt: 'What should the task do? It runs as a conversation of its own in a new git worktree, on its own branch.',
    placeHolder: 'e.g. Add tests for the parser',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Say what the task should do.' : undefined),
  });
  return prompt?.trim() === '' ? undefined : prompt;
}

function taskIdOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (typeof target !== 'object' || target === null || !('type' in target)) return undefined;
  const node = target as TaskNode;
  return node.type === 'task' ? node.id : node.taskId;
}

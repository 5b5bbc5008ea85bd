import * as vscode from 'vscode';
import { showError } from '../notifications';
import type { ComparedTasks } from './comparedTasks';
import { resultsToDiscard, reviewChosen, type OthersChoice } from './compareChoice';

/** "Review This One": asks what to do with the others (a quick pick; Escape cancels), then reviews. */
export async function reviewThisOne(tasks: ComparedTasks, given: unknown): Promise<void> {
  const chosen = typeof given === 'string' ? tasks.get(given) : undefined;
  if (chosen === undefined || chosen.group === undefined) return;
  const others = resultsToDiscard(tasks.list(), chosen);
  let choice: OthersChoice = 'keep';
  if (others.length > 0) {
    const names = others.map((task) => task.model).join(', ');
    const picked = await vscode.window.showQuickPick(
      [
        { label: `Review ${chosen.model} and discard the others`, detail: `Removes the worktrees and branches of ${names}.`, choice: 'discard' as const },
        { label: `Review ${chosen.model}, keep the others`, detail: 'They stay in the Tasks view to review, keep on a branch or discard later.', choice: 'keep' as const },
      ],
      { title: `Elbow: review the changes of ${chosen.model} in the workspace`, ignoreFocusOut: true },
    );
    if (picked === undefined) return;
    choice = picked.choice;
  }
  try {
    await reviewChosen(tasks, chosen.id, choice);
  } catch (error) {
    void showError(`Elbow: could not review the changes of ${chosen.model}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

import * as vscode from 'vscode';
import type { ApiKeys } from '../apiKeys';
import type { CommandHandlers } from '../commands/commandHandlers';
import { compareModels, showComparison } from './compareCommand';
import { CompareDocuments, compareScheme, openComparedDiff } from './compareDiff';
import { compareLinkCommands } from './compareHtml';
import { ComparePanels } from './comparePanels';
import { reviewThisOne } from './compareReview';
import type { ComparedTasks } from './comparedTasks';

/** Compare's commands, its panels and the read-only documents its diffs show. */
export function compareCommands(context: vscode.ExtensionContext, tasks: ComparedTasks, keys: ApiKeys): CommandHandlers {
  const panels = new ComparePanels(tasks, context.extensionUri);
  context.subscriptions.push(panels, vscode.workspace.registerTextDocumentContentProvider(compareScheme, new CompareDocuments(tasks)));
  return {
    'elbow.tasks.compare': (given?: unknown) => compareModels(tasks, keys, panels, given),
    'elbow.tasks.showComparison': () => showComparison(tasks, panels),
    [compareLinkCommands.openDiff]: (taskId: unknown) => (typeof taskId === 'string' ? openComparedDiff(tasks, taskId) : false),
    [compareLinkCommands.review]: (taskId: unknown) => reviewThisOne(tasks, taskId),
  };
}

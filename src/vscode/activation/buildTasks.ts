import * as path from 'node:path';
import * as vscode from 'vscode';
import { WorktreeManager } from '../../node/worktrees/worktreeManager';
import type { ChatController } from '../chat/chatController';
import type { CommandHandlers } from '../commands/commandHandlers';
import { showError } from '../notifications';
import { readAgentSettings } from '../settings';
import { reviewIntoWorkspace } from '../tasks/reviewIntoWorkspace';
import { TASK_ANSWER_SCHEME, TaskAnswers } from '../tasks/taskAnswers';
import { taskCommands } from '../tasks/taskCommands';
import { taskRunner } from '../tasks/taskRunner';
import { TasksTree, type TaskNode } from '../tasks/tasksTree';
import { WorktreeTasks } from '../tasks/worktreeTasks';
import type { Review } from './buildReview';
import { ownDataFolders } from './ownDataFolders';
import type { WorkspaceHost } from './buildWorkspaceHost';

/** Worktree tasks, the Tasks view and their commands. */
export interface Tasks {
  tasks: WorktreeTasks;
  tree: vscode.TreeDataProvider<TaskNode>;
  commands: CommandHandlers;
  /** Running tasks stop; finished ones are kept on their branches and their worktrees go. */
  stop(): Promise<void>;
}

export function buildTasks(context: vscode.ExtensionContext, parts: { log: vscode.LogOutputChannel; storageFolder: string; dataFolder: string; controller: ChatController; review: Review; host: WorkspaceHost }): Tasks {
  const { log, storageFolder } = parts;
  const worktrees = new WorktreeManager({ folder: path.join(storageFolder, 'worktrees') });
  const tasks = new WorktreeTasks({
    worktrees,
    repoRoot: () => vscode.workspace.workspaceFolders?.find((folder) => folder.uri.scheme === 'file')?.uri.fsPath,
    defaults: () => {
      const settings = readAgentSettings();
      return { provider: settings.provider, model: settings.model };
    },
    run: taskRunner({
      sessions: parts.controller.sessions,
      log,
      ownDataFolders: () => ownDataFolders({ globalStorage: path.dirname(context.globalStorageUri.fsPath), storageFolder, dataFolder: parts.dataFolder }),
      quarantineFolder: path.join(context.globalStorageUri.fsPath, 'quarantine'),
      dataFolder: parts.dataFolder,
    }),
    reviewInWorkspace: async (task, changes, where) => reviewIntoWorkspace({ manager: parts.review.manager, host: await parts.host.current() }, task, changes, where),
    showError: (message) => void showError(message, 'Show Logs').then((choice) => (choice === undefined ? undefined : log.show())),
    log: (message) => log.info(message),
  });
  const tree = new TasksTree(tasks);
  const answers = new TaskAnswers(tasks);
  context.subscriptions.push(tasks, tree, vscode.workspace.registerTextDocumentContentProvider(TASK_ANSWER_SCHEME, answers));
  void tasks.cleanUpStale();
  return { tasks, tree, commands: taskCommands(tasks, answers), stop: () => tasks.stop() };
}

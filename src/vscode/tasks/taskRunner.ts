import type * as vscode from 'vscode';
import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import { createNodeHost } from '../../node/createNodeHost';
import { CommandSandbox } from '../../node/sandbox/commandSandbox';
import type { ChatSessions } from '../chat/chatSessions';
import { showInformation } from '../notifications';
import { readSandboxSettings } from '../settings';
import { TaskApprovals } from './taskApprovals';
import type { TaskWorktree } from './worktreeStore';
import { worktreeSandboxOptions } from '../../node/worktrees/worktreeHost';
import { relativeInside } from '../../core/search/searchScope';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { TaskRun } from './worktreeTasks';

export interface TaskRunnerParts {
  sessions: ChatSessions;
  log: vscode.LogOutputChannel;
  /** Hidden from commands, as for the chat's: the editor's and Elbow's storage. */
  ownDataFolders(): readonly string[];
  quarantineFolder: string;
  /** Elbow's data folder, out of the tools' reach. */
  dataFolder: string;
}

/**
 * Runs a task's conversation in its worktree: a host over the worktree alone, its commands in a sandbox of its own
 * rooted there (the chat's sandbox settings), the chat's settings and key for the task's model, and its permission
 * questions in notifications that name it.
 */
export function taskRunner(parts: TaskRunnerParts): (task: TaskRun, report: (event: AgentEvent) => void, signal: AbortSignal) => Promise<RunOutcome> {
  return async (task, report, signal) => {
    const { worktree } = task;
    const sandbox = new CommandSandbox(
      worktreeSandboxOptions(worktree, {
        roots: () => [],
        settings: readSandboxSettings,
        ownDataFolders: parts.ownDataFolders,
        quarantineFolder: parts.quarantineFolder,
        log: (message) => parts.log.warn(message),
      }),
    );
    try {
      const host = await createNodeHost([await folderInWorktree(worktree, task.folder)], { sandbox, dataFolder: parts.dataFolder });
      const approvals = new TaskApprovals(task.title, (message, labels) => showInformation(message, ...labels));
      const session = await parts.sessions.makeDetached({ id: `task-${worktree.id}`, host, provider: task.provider, model: task.model, approvals });
      parts.log.info(`Task "${task.title}": ${task.provider} ${task.model} in ${worktree.path} on ${worktree.branch}.`);
      try {
        return await session.send(task.prompt, report, signal);
      } finally {
        await session.dispose();
      }
    } finally {
      await sandbox.dispose();
    }
  };
}

/** The workspace folder's place in the worktree (the repository's top holds it, or is it). */
async function folderInWorktree(worktree: TaskWorktree, folder: string): Promise<string> {
  const real = await fs.realpath(folder).catch(() => folder);
  const relative = relativeInside(worktree.repoRoot, real);
  return relative === undefined || relative === '' ? worktree.path : path.join(worktree.path, relative);
}

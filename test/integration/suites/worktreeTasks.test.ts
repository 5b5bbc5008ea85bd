import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../support/fakeLlmServer';
import { openChat, readWorkspaceFile, workspaceFile, workspaceFolder } from '../support/chat';
import { page } from '../support/driver';
import { exists, waitForHunks, waitUntil } from '../support/review';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const planFile = 'tasks/plan.txt';
const planLines = Array.from({ length: 20 }, (_, index) => `plan line ${index + 1}`);
const joined = (lines: readonly string[]): string => `${lines.join('\n')}\n`;
const editedPlan = planLines.map((line, index) => (index === 2 ? 'PLAN LINE THREE' : index === 15 ? 'PLAN LINE SIXTEEN' : line));
const promptA = 'Rewrite lines 3 and 16 of the plan';
const promptB = 'Write a notes file for the release';
/** A repository of its own whose worktree a "crashed" Elbow left; the window after the reload must remove it. */
const crashedRepo = path.join(os.tmpdir(), 'elbow-worktree-tasks-crashed-repo');
const crashedId = 'crashed-run';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', ...args], { cwd, encoding: 'utf8' }).trim();
}

/** The first user message of a request: which task it belongs to. */
function firstUserText(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return JSON.stringify(messages.find((message) => message.role === 'user')?.content);
}

/** Each task writes its file, then answers slowly: the first still answers while the second runs. */
function taskScript(request: RecordedRequest): ScriptedResponse {
  const isA = firstUserText(request).includes('lines 3 and 16');
  if (!JSON.stringify(request.body).includes('"tool"')) {
    return { kind: 'reply', content: [isA ? toolCall('write_file', { path: planFile, content: joined(editedPlan) }) : toolCall('write_file', { path: 'tasks/release-notes.md', content: '# Release notes\n\n- Tasks run in worktrees.\n' })] };
  }
  return { kind: 'reply', content: [text(isA ? 'Rewrote lines 3 and 16 of the plan.' : 'Wrote tasks/release-notes.md.')], chunkSize: 1, chunkDelayMs: isA ? 200 : 100 };
}

/** The Tasks view's row of a task, by what it tells screen readers (`<title>: Done, …`). */
const rowOf = (title: string, status: string): string => `.monaco-list-row[aria-label^="${title}: ${status}"]`;

/** Where this window's Elbow keeps its worktrees: the workspace storage folder whose worktrees folder the tasks made. */
async function worktreesFolder(): Promise<string> {
  const userData = process.env.ELBOW_TEST_USER_DATA;
  if (userData === undefined) throw new Error('ELBOW_TEST_USER_DATA is not set: run the suite through scripts/run-vscode-tests.mjs.');
  const storage = path.join(userData, 'User', 'workspaceStorage');
  const candidates = await Promise.all((await fs.readdir(storage)).map(async (name) => {
    const folder = path.join(storage, name, 'elbow.elbow', 'worktrees');
    return { folder, written: (await fs.stat(folder).catch(() => undefined))?.mtimeMs ?? -1 };
  }));
  const newest = candidates.sort((a, b) => b.written - a.written)[0];
  if (newest === undefined || newest.written < 0) throw new Error(`No worktrees folder under ${storage}: the tasks before make one.`);
  return newest.folder;
}

async function runInNewWorktree(prompt: string): Promise<void> {
  await page.waitFor('.quick-input-widget', { text: 'What should the task do?' });
  await page.type(prompt);
  await page.press('Enter');
}

/** Two tasks at once in worktrees of the workspace, listed in the Tasks view; one reviewed into the workspace hunk by hunk. */
export function worktreeTaskTests(server: () => FakeLlmServer): void {
  describe('worktree tasks', function () {
    this.timeout(120_000);
    const folder = (): string => workspaceFolder().fsPath;

    before(async () => {
      // The views' title buttons show without hovering, so the test clicks them as a user sees them.
      await vscode.workspace.getConfiguration('workbench').update('view.alwaysShowHeaderActions', true, vscode.ConfigurationTarget.Global);
      await fs.mkdir(path.join(folder(), 'tasks'), { recursive: true });
      await fs.writeFile(path.join(folder(), planFile), joined(planLines));
      git(folder(), 'init', '-q', '-b', 'main');
      git(folder(), 'add', '-A');
      git(folder(), 'commit', '-q', '-m', 'The workspace as the tasks find it');
    });
    after(async () => {
      await vscode.workspace.getConfiguration('workbench').update('view.alwaysShowHeaderActions', undefined, vscode.ConfigurationTarget.Global);
      await useTheme('Default Dark Modern');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await page.click('.pane-header[aria-expanded="false"]', 'Elbow').catch(() => undefined);
      await fs.rm(path.join(folder(), '.git'), { recursive: true, force: true });
    });

    it('runs two tasks at once, each writing in its own worktree, both listed in the Tasks view (300 px, dark and light)', async () => {
      server().enqueue(taskScript, taskScript, taskScript, taskScript);
      // Earlier suites' requests stay recorded (one spoke of release notes): count only this test's.
      const earlier = server().requests.length;
      await narrowChatTo(300);
      await vscode.commands.executeCommand('elbow.tasks.show');
      // Folded, the chat leaves the Tasks view room for its rows.
      await page.click('.pane-header[aria-expanded="true"]', 'Elbow');
      await page.click('.welcome-view-content .monaco-button', 'Run in a New Worktree');
      await runInNewWorktree(promptA);
      await page.waitFor(`.monaco-list-row[aria-label^="${promptA}: "]`);
      await page.click('.pane-header .action-label[aria-label="Run in a New Worktree"]');
      await runInNewWorktree(promptB);
      // Both at once: the first is still answering while the second runs.
      await page.waitFor(rowOf(promptB, 'Running'));
      await page.waitFor(rowOf(promptA, 'Running'), { timeoutMs: 1_000 });
      await page.screenshot('tasks-view-running-300-dark');

      await page.waitFor(rowOf(promptA, 'Done'), { timeoutMs: 60_000 });
      await page.waitFor(rowOf(promptB, 'Done'), { timeoutMs: 60_000 });
      assert.deepEqual(server().violations, []);
      const prompts = server().requests.slice(earlier).map(firstUserText);
      assert.equal(prompts.filter((prompt) => prompt.includes('lines 3 and 16')).length, 2);
      assert.equal(prompts.filter((prompt) => prompt.includes('release')).length, 2);
      assert.equal(await readWorkspaceFile(planFile), joined(planLines), 'the workspace is untouched until a review');
      assert.equal(await exists(workspaceFile('tasks/release-notes.md')), false);
      // Under each title, a line of its details: model, time, tokens, cost and the lines changed.
      await page.waitFor(`${rowOf(promptA, 'Done')}[aria-label*="1 file +2 −2"]`);
      await page.waitFor(`${rowOf(promptB, 'Done')}[aria-label*="1 file +3 −0"]`);
      await page.waitFor('.monaco-list-row', { text: '1 file +2 −2' });
      await page.screenshot('tasks-view-300-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('tasks-view-300-light');
      await useTheme('Default Dark Modern');
    });

    it('reviews a task into the workspace hunk by hunk, and discards the other with its worktree and branch', async () => {
      await page.click(rowOf(promptA, 'Done'), undefined, 'right');
      await page.click('.monaco-menu .action-label', 'Review in Workspace');
      // A context menu ignores a click that comes too soon after it opened, and stays open: click again then.
      await page.waitFor('.monaco-menu', { state: 'hidden', timeoutMs: 2_000 }).catch(() => page.click('.monaco-menu .action-label', 'Review in Workspace'));
      const uri = workspaceFile(planFile);
      // Once the row says so, the file is open in the editor with the task's change (git removes the worktree first: slow on a busy machine).
      await page.waitFor(rowOf(promptA, 'In review in the workspace'), { timeoutMs: 60_000 });
      await waitForHunks(uri, 2);
      const editor = vscode.window.visibleTextEditors.find((shown) => shown.document.uri.toString() === uri.toString()) ?? (await vscode.window.showTextDocument(uri));
      assert.equal(editor.document.getText(), joined(editedPlan));
      editor.selection = new vscode.Selection(2, 0, 2, 0);
      await vscode.window.showTextDocument(editor.document, { selection: new vscode.Range(2, 0, 2, 0) });
      await page.press('Control+Alt+Enter');
      await waitForHunks(uri, 1);
      await vscode.window.showTextDocument(editor.document, { selection: new vscode.Range(15, 0, 15, 0) });
      await page.press('Control+Alt+Backspace');
      await waitForHunks(uri, 0);
      const expected = planLines.map((line, index) => (index === 2 ? 'PLAN LINE THREE' : line));
      await waitUntil('the review is saved', async () => (await readWorkspaceFile(planFile)) === joined(expected) && !editor.document.isDirty);

      await page.click(rowOf(promptB, 'Done'), undefined, 'right');
      await page.click('.monaco-menu .action-label', 'Discard Task');
      await page.waitFor(rowOf(promptB, 'Discarded'));
      assert.equal(git(folder(), 'worktree', 'list', '--porcelain').split('\n').filter((line) => line.startsWith('worktree ')).length, 1, 'only the workspace is a worktree');
      assert.equal(git(folder(), 'branch', '--list', 'elbow/*'), '', 'the tasks\' branches are gone');
      assert.equal(await exists(workspaceFile('tasks/release-notes.md')), false);
    });

    it('leaves a worktree as a crashed Elbow would, for the window after the reload to clean up', async () => {
      const worktrees = await worktreesFolder();
      await fs.rm(crashedRepo, { recursive: true, force: true });
      await fs.mkdir(crashedRepo, { recursive: true });
      git(crashedRepo, 'init', '-q', '-b', 'main');
      await fs.writeFile(path.join(crashedRepo, 'a.txt'), 'a\n');
      git(crashedRepo, 'add', '-A');
      git(crashedRepo, 'commit', '-q', '-m', 'first');
      const repoRoot = await fs.realpath(crashedRepo);
      const head = git(repoRoot, 'rev-parse', 'HEAD');
      const at = path.join(worktrees, crashedId);
      git(repoRoot, 'worktree', 'add', '-q', '-b', `elbow/${crashedId}`, at, head);
      const gitDir = path.resolve(at, git(at, 'rev-parse', '--git-dir'));
      // A process that has ended: the owner of a worktree its Elbow never removed.
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      const entry = { worktree: { id: crashedId, repoRoot, path: at, gitDir, branch: `elbow/${crashedId}`, baseCommit: head, headCommit: head, createdAt: new Date().toISOString() }, owner: { pid: gone, host: os.hostname() } };
      await fs.writeFile(path.join(worktrees, `${crashedId}.worktree.json`), `${JSON.stringify(entry, undefined, 2)}\n`);
      await fs.writeFile(path.join(crashedRepo, 'worktrees-folder'), worktrees);
      assert.equal(await exists(vscode.Uri.file(at)), true);
    });
  });
}

/** The window after the reload: Elbow's start removed the crashed run's worktree. */
export function worktreeTasksAfterReloadTests(): void {
  describe('worktree tasks after a reload', () => {
    it('removes the worktree and branch a crashed run left, once Elbow starts', async () => {
      const worktrees = (await fs.readFile(path.join(crashedRepo, 'worktrees-folder'), 'utf8')).trim();
      await openChat();
      await waitUntil('the crashed run\'s worktree is gone', async () => !(await exists(vscode.Uri.file(path.join(worktrees, crashedId)))), 20_000);
      assert.equal(await exists(vscode.Uri.file(path.join(worktrees, `${crashedId}.worktree.json`))), false);
      assert.equal(git(crashedRepo, 'branch', '--list', 'elbow/*'), '');
      await fs.rm(crashedRepo, { recursive: true, force: true });
    });
  });
}

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../support/fakeLlmServer';
import { readWorkspaceFile, workspaceFolder } from '../support/chat';
import { page } from '../support/driver';
import { useTheme } from '../support/viewLayout';

const prompt = 'Write a greeting file';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', ...args], { cwd, encoding: 'utf8' }).trim();
}

/** Each model writes its own greeting, then answers with its name. */
function compareScript(request: RecordedRequest): ScriptedResponse {
  const model = (request.body as { model: string }).model;
  if (!JSON.stringify(request.body).includes('"tool"')) {
    return { kind: 'reply', content: [toolCall('write_file', { path: 'greeting.txt', content: `Hello from ${model}\n` })] };
  }
  return { kind: 'reply', content: [text(`Wrote greeting.txt as ${model}.`)] };
}

/** One prompt on two models, picked as a user does, their results side by side in the Compare panel. */
export function compareTests(server: () => FakeLlmServer): void {
  describe('compare models', function () {
    this.timeout(120_000);
    const folder = (): string => workspaceFolder().fsPath;

    before(async () => {
      await vscode.workspace.getConfiguration('elbow').update('fallbackModels', ['fake-model-b'], vscode.ConfigurationTarget.Workspace);
      git(folder(), 'init', '-q', '-b', 'main');
      git(folder(), 'add', '-A');
      git(folder(), 'commit', '-q', '-m', 'The workspace as the models find it');
    });
    after(async () => {
      await vscode.workspace.getConfiguration('elbow').update('fallbackModels', undefined, vscode.ConfigurationTarget.Workspace);
      await useTheme('Default Dark Modern');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await page.click('.pane-header[aria-expanded="true"]', 'Tasks').catch(() => undefined);
      await fs.rm(path.join(folder(), '.git'), { recursive: true, force: true });
    });

    it('runs the prompt on the two models picked and shows their results side by side (dark and light)', async () => {
      server().enqueue(compareScript, compareScript, compareScript, compareScript);
      const earlier = server().requests.length;
      const comparing = vscode.commands.executeCommand('elbow.tasks.compare', prompt);
      await page.waitFor('.quick-input-widget', { text: 'pick 2 to 4 models' });
      await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'fake-model-b' });
      await page.click('.quick-input-widget .monaco-list-row', 'fake-model-b');
      await page.press('Enter');
      await comparing;
      await page.waitFor('.tab', { text: 'Compare Models' });
      // Both tasks are rows of the Tasks view too: the panel is drawn from the same states once both are done.
      // Opened here, or still open after the suite before.
      await vscode.commands.executeCommand('elbow.tasks.show');
      await page.waitFor('.pane-header[aria-expanded="true"]', { text: 'Tasks' });
      await page.waitFor(`.monaco-list-row[aria-label^="${prompt}: Done"] >> nth=1`, { timeoutMs: 60_000 });
      // The panel draws again at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.deepEqual(server().violations, []);
      const models = server().requests.slice(earlier).filter((request) => JSON.stringify(request.body).includes(prompt)).map((request) => (request.body as { model: string }).model).sort();
      assert.deepEqual(models, ['fake-model', 'fake-model', 'fake-model-b', 'fake-model-b']);
      assert.equal(await readWorkspaceFile('greeting.txt').catch(() => undefined), undefined, 'the workspace is untouched until a review');
      await page.screenshot('compare-panel-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('compare-panel-light');
    });
  });
}

import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, sendPrompt, startNewChat, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';

const typedFiles = ['typed/shapes.ts', 'typed/report.ts'];

/** The language servers' problems, told to the model: after its edits and through the problems tool, with VS Code's built-in TypeScript server. */
export function problemsTests(server: () => FakeLlmServer): void {
  describe('problems from the language servers', () => {
    const originals = new Map<string, string>();

    before(async () => {
      for (const file of typedFiles) originals.set(file, await fs.readFile(workspaceFile(file).fsPath, 'utf8'));
      await startNewChat();
      await openChat();
      // Run on its own, no earlier suite has stored the key.
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
      await startTypeScript(originals.get('typed/report.ts') ?? '');
    });
    afterEach(async () => {
      // Restored while their tabs are open, so TypeScript checks them again and no stale problem outlives this suite.
      for (const file of originals.keys()) await vscode.commands.executeCommand('vscode.open', workspaceFile(file), { preview: false, preserveFocus: true, background: true });
      for (const [file, content] of originals) await restore(file, content);
      await waitForNoProblems([...originals.keys()].map(workspaceFile));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    async function runEdit(edit: Record<string, string>, reply: string): Promise<string> {
      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', edit)] },
        { kind: 'reply', content: [text(reply)] },
      );
      await sendPrompt(`Edit ${edit.path}`);
      await webview.waitFor('.item-assistant', { text: reply });
      await waitUntilIdle();
      // The conversation's earlier results are sent again; this edit's is the last.
      return toolResultsSent(server()).split(/(?=^Edited )/m).at(-1) ?? '';
    }

    it('tells the model the type error its edit introduced, with file, line and TypeScript code', async () => {
      const result = await runEdit({ path: 'typed/report.ts', old_str: 'sides: 4', new_str: "sides: 'four'" }, 'Made sides a word.');
      await page.screenshot('problems-after-edit');
      assert.match(result, /New problems after this edit \(1 error\):\ntyped\/report\.ts:3:\d+ error TS2322: Type 'string' is not assignable to type 'number'\. \(ts\)/, result);
    });

    it('adds nothing to a clean edit', async () => {
      const result = await runEdit({ path: 'typed/report.ts', old_str: "name: 'square'", new_str: "name: 'box'" }, 'Renamed the square.');
      assert.match(result, /typed\/report\.ts/);
      assert.doesNotMatch(result, /problem|error/i, result);
    });

    it('reports the error an edit causes in a file that imports the edited one, open in a tab', async () => {
      await vscode.window.showTextDocument(workspaceFile('typed/report.ts'), { preview: false });
      const result = await runEdit({ path: 'typed/shapes.ts', old_str: 'export function describeShape(', new_str: 'export function shapeText(' }, 'Renamed the function.');
      assert.match(result, /typed\/report\.ts:1:\d+ error TS(2305|2724): [^\n]*no exported member[^\n]*'describeShape'/, result);
      assert.doesNotMatch(result, /typed\/shapes\.ts:\d/, 'the edited file itself is clean');
    });

    it('lists the problems of a broken file with the problems tool', async () => {
      await restore('typed/report.ts', "import { describeShape } from './shapes';\n\nexport const square: number = describeShape({ name: 'square', sides: 4 });\n");
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      server().enqueue(
        { kind: 'reply', content: [toolCall('problems', { path: 'typed/report.ts' })] },
        { kind: 'reply', content: [text('One type error.')] },
      );
      await sendPrompt('Any problems in typed/report.ts?');
      await webview.waitFor('.item-assistant', { text: 'One type error.' });
      await waitUntilIdle();
      await page.screenshot('problems-tool');
      assert.match(toolResultsSent(server()), /^typed\/report\.ts:3:14 error TS2322: Type 'string' is not assignable to type 'number'\. \(ts\)$/m, toolResultsSent(server()));
    });
  });
}

/**
 * The TypeScript server starts with the first TypeScript document and loads its project in a few
 * seconds, as when the user opens a TypeScript file; the tests start once it reports problems.
 */
async function startTypeScript(report: string): Promise<void> {
  const uri = workspaceFile('typed/report.ts');
  await fs.writeFile(uri.fsPath, report.replace('sides: 4', "sides: 'four'"));
  const started = Date.now();
  // TypeScript checks only files open in tabs.
  await vscode.commands.executeCommand('vscode.open', uri, { preview: false, preserveFocus: true, background: true });
  while (vscode.languages.getDiagnostics(uri).length === 0) {
    if (Date.now() - started > 45_000) throw new Error('The TypeScript language features reported no problem for a broken file within 45 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`TypeScript reported its first problem after ${Date.now() - started} ms.`);
  await restore('typed/report.ts', report);
  await waitForNoProblems([uri]);
}

async function waitForNoProblems(uris: readonly vscode.Uri[]): Promise<void> {
  const started = Date.now();
  while (uris.some((uri) => vscode.languages.getDiagnostics(uri).length > 0) && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Puts a fixture file back on disk and in its document, for the suites after this one. */
async function restore(file: string, content: string): Promise<void> {
  const uri = workspaceFile(file);
  await fs.writeFile(uri.fsPath, content);
  const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
  if (document !== undefined && document.getText() !== content) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), content);
    await vscode.workspace.applyEdit(edit);
    await document.save();
  }
}

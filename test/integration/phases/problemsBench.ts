import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { FileContent } from '../../../src/core/host/fileChanges';
import { createWorkspaceSearcher } from '../../../src/node/createWorkspaceSearcher';
import { VscodeDiagnostics } from '../../../src/vscode/diagnostics/vscodeDiagnostics';
import { SETTLE_BOUND_MS, diagnosticsSettled } from '../../../src/vscode/diagnostics/diagnosticsSettle';
import { vscodeRipgrepCandidates } from '../../../src/vscode/host/vscodeRipgrep';
import { VscodeFileSystem } from '../../../src/vscode/host/vscodeFileSystem';
import { DocumentWriter } from '../../../src/vscode/review/documentWriter';
import { ReviewManager } from '../../../src/vscode/review/reviewManager';
import { VscodeFileChanges } from '../../../src/vscode/review/vscodeFileChanges';
import { workspaceFolder, workspaceFile } from '../support/chat';
import { runSuite } from '../support/runSuite';

interface BenchEdit {
  file: string;
  from: string;
  to: string;
  breaks: boolean;
}

/** Clean and breaking edits of the typed/ project, each from the fixture's text. */
const edits: readonly BenchEdit[] = [
  { file: 'typed/report.ts', from: 'sides: 4', to: "sides: 'four'", breaks: true },
  { file: 'typed/report.ts', from: "name: 'square'", to: "name: 'box'", breaks: false },
  { file: 'typed/shapes.ts', from: 'export function describeShape(', to: 'export function shapeText(', breaks: true },
  { file: 'typed/shapes.ts', from: '  return `${shape.name}', to: '  return `The ${shape.name}', breaks: false },
  // Plain text: no language server checks it, so the check should cost nothing.
  { file: 'review/numbers.txt', from: 'numbers line 2', to: 'numbers line two', breaks: false },
];
const RUNS = 30;

/** `npm run bench -- problems`: what waiting for the language servers adds to an agent edit, written to problems-bench.json. */
export function run(): Promise<void> {
  return runSuite([
    () => {
      describe('problems benchmark', () => {
        it(`measures the problems check on ${RUNS} edits of the typed/ project`, async function () {
          this.timeout(10 * 60_000);
          const roots = [workspaceFolder().fsPath];
          const writer = new DocumentWriter();
          const changes = new VscodeFileChanges(new ReviewManager(writer), { ask: async () => ({ decision: 'apply' }) }, () => undefined);
          const searcher = await createWorkspaceSearcher({ files: new VscodeFileSystem(writer), scope: { roots }, ripgrepCandidates: vscodeRipgrepCandidates(vscode.env.appRoot) });
          const diagnostics = new VscodeDiagnostics(roots, searcher);
          const originals = new Map(edits.map((edit) => [edit.file, fs.readFileSync(workspaceFile(edit.file).fsPath, 'utf8')]));
          await waitForFirstProblem();
          const samples: Array<{ first: boolean; warm: boolean; breaks: boolean; plainText: boolean; edit: number; watch: number; settle: number; found: number }> = [];
          for (let index = 0; index < RUNS + 1; index++) {
            const edit = edits[index % edits.length] as BenchEdit;
            await restoreAll(originals);
            // Cold: no file in a tab, so the check opens them and waits for their first report. Warm: all open in tabs, as while the user works on them.
            const warm = Math.floor(index / edits.length) % 2 === 1;
            await vscode.commands.executeCommand('workbench.action.closeAllEditors');
            if (warm) {
              for (const file of originals.keys()) await vscode.commands.executeCommand('vscode.open', workspaceFile(file), { preview: false, preserveFocus: true, background: true });
              await diagnosticsSettled([...originals.keys()].map(workspaceFile), new AbortController().signal, { bound: 3_000, reaction: 1_500 });
            }
            const uri = workspaceFile(edit.file);
            const before = originals.get(edit.file) ?? '';
            const started = performance.now();
            const watch = await diagnostics.watchEdit(uri.fsPath);
            const watched = performance.now();
            const outcome = await changes.apply({ path: uri.fsPath, displayPath: edit.file, before: textContent(before), after: textContent(before.replace(edit.from, edit.to)), toolCallId: 'bench', allowed: () => true }, new AbortController().signal);
            assert.equal(outcome.status, 'applied');
            const applied = performance.now();
            const found = (await watch?.newProblems(new AbortController().signal)) ?? [];
            const settled = performance.now();
            // The first edit opens the importers: reported apart by bench/problemsCase.ts.
            samples.push({ first: index === 0, warm, breaks: edit.breaks, plainText: edit.file.endsWith('.txt'), edit: applied - watched, watch: watched - started, settle: settled - applied, found: found.length });
          }
          await restoreAll(originals);
          fs.writeFileSync(path.join(process.env.ELBOW_TEST_OUTPUT ?? '.', 'problems-bench.json'), JSON.stringify({ boundMs: SETTLE_BOUND_MS, samples }));
        });
      });
    },
  ]);
}

function textContent(text: string): FileContent {
  return { kind: 'text', text, hasBom: false };
}

/** As when the user has been working: the TypeScript server has started and loaded the project. */
async function waitForFirstProblem(): Promise<void> {
  const uri = workspaceFile('typed/report.ts');
  const original = fs.readFileSync(uri.fsPath, 'utf8');
  // TypeScript checks only files open in tabs.
  await vscode.commands.executeCommand('vscode.open', uri, { preview: false, preserveFocus: true, background: true });
  const document = await vscode.workspace.openTextDocument(uri);
  await replaceText(document, original.replace('sides: 4', "sides: 'four'"));
  const started = Date.now();
  while (vscode.languages.getDiagnostics(uri).length === 0) {
    if (Date.now() - started > 45_000) throw new Error('TypeScript reported no problem within 45 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await replaceText(document, original);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

async function restoreAll(originals: ReadonlyMap<string, string>): Promise<void> {
  const uris: vscode.Uri[] = [];
  for (const [file, content] of originals) {
    const document = await vscode.workspace.openTextDocument(workspaceFile(file));
    if (document.getText() !== content) await replaceText(document, content);
    uris.push(document.uri);
  }
  await diagnosticsSettled(uris, new AbortController().signal, { bound: 3_000, reaction: 1_500 });
}

async function replaceText(document: vscode.TextDocument, content: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), content);
  await vscode.workspace.applyEdit(edit);
  await document.save();
}

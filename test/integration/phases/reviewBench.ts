import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { measureInterleaved, type Timing } from '../../../bench/measure';
import type { FileContent } from '../../../src/core/host/fileChanges';
import { ConversationReview } from '../../../src/vscode/review/conversationReview';
import { DocumentWriter } from '../../../src/vscode/review/documentWriter';
import { ReviewActions } from '../../../src/vscode/review/reviewActions';
import { ReviewCodeLens } from '../../../src/vscode/review/reviewCodeLens';
import { ReviewDecorations } from '../../../src/vscode/review/reviewDecorations';
import { ReviewManager } from '../../../src/vscode/review/reviewManager';
import { VscodeFileChanges } from '../../../src/vscode/review/vscodeFileChanges';
import { workspaceFile } from '../support/chat';
import { runSuite } from '../support/runSuite';

const LINES = 5_000;
const HUNKS = 50;

/** `npm run bench`: review speed in the real extension host, written to review-bench.json for bench/run.ts to report. */
export function run(): Promise<void> {
  return runSuite([
    () => {
      describe('review benchmark', () => {
        it('measures edit → reviewable hunks and Reject all on a 5,000-line file with 50 hunks', async function () {
          this.timeout(10 * 60_000);
          const uri = workspaceFile('bench/big.ts');
          const original = Array.from({ length: LINES }, (_, index) => `export const value${index} = ${index};`).join('\n') + '\n';
          const edited = original.split('\n').map((line, index) => (index % (LINES / HUNKS) === 50 ? `${line} // changed by the agent` : line)).join('\n');
          await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(original));
          const editor = await vscode.window.showTextDocument(uri, { preview: false });
          const document = editor.document;

          const writer = new DocumentWriter();
          const manager = new ReviewManager(writer);
          const actions = new ReviewActions(manager);
          const codeLens = new ReviewCodeLens(manager);
          const disposables = [manager, codeLens, new ReviewDecorations(manager), vscode.languages.registerCodeLensProvider({ scheme: 'file', pattern: '**/bench/**' }, codeLens)];
          const changes = new VscodeFileChanges(manager, { ask: async () => ({ decision: 'apply' }) }, () => undefined);
          const text = (content: string): FileContent => ({ kind: 'text', text: content, hasBom: false });
          const lensCount = async (): Promise<number> => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).length;
          let pendingSave: Promise<void> | undefined;
          const restore = async (): Promise<void> => {
            await pendingSave;
            pendingSave = undefined;
            manager.load(new ConversationReview());
            const edit = new vscode.WorkspaceEdit();
            edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), original);
            await vscode.workspace.applyEdit(edit);
            await document.save();
          };
          const applyAgentEdit = async (): Promise<void> => {
            const outcome = await changes.apply({ path: uri.fsPath, displayPath: 'bench/big.ts', before: text(document.getText()), after: text(edited), toolCallId: 'bench', allowed: () => true }, new AbortController().signal);
            assert.equal(outcome.status, 'applied');
          };

          const timings = await measureInterleaved<'plainEdit' | 'plainEditUnsaved' | 'reviewableEdit' | 'reviewableEditSaved' | 'plainRestore' | 'rejectAll'>(
            {
              plainEdit: {
                reset: restore,
                run: async () => {
                  const edit = new vscode.WorkspaceEdit();
                  edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), edited);
                  await vscode.workspace.applyEdit(edit);
                  await document.save();
                },
              },
              plainEditUnsaved: {
                reset: restore,
                run: async () => {
                  const edit = new vscode.WorkspaceEdit();
                  edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), edited);
                  await vscode.workspace.applyEdit(edit);
                },
              },
              reviewableEdit: {
                reset: restore,
                run: async () => {
                  // Timed until the hunks show; the save that follows is VS Code's (see plainEdit).
                  const shown = new Promise<void>((resolve) => {
                    const listener = manager.onDidChange(() => {
                      listener.dispose();
                      resolve();
                    });
                  });
                  const applied = applyAgentEdit();
                  await shown;
                  assert.equal(await lensCount(), 3 + 2 * HUNKS);
                  pendingSave = applied;
                },
              },
              reviewableEditSaved: {
                reset: restore,
                run: applyAgentEdit,
              },
              plainRestore: {
                reset: async () => {
                  await restore();
                  await applyAgentEdit();
                },
                run: restore,
              },
              rejectAll: {
                reset: async () => {
                  await restore();
                  await applyAgentEdit();
                },
                run: async () => {
                  await actions.rejectAll();
                  assert.equal(document.getText(), original);
                },
              },
            },
            { warmup: 2, runs: 9 },
          );
          for (const disposable of disposables) disposable.dispose();
          const report: Record<string, Timing> = timings;
          for (const [name, timing] of Object.entries(report)) console.log(`${name}: median ${timing.median.toFixed(1)} ms, min ${timing.min.toFixed(1)} ms`);
          const output = process.env.ELBOW_TEST_OUTPUT ?? '.';
          fs.writeFileSync(path.join(output, 'review-bench.json'), JSON.stringify(report));
        });
      });
    },
  ]);
}

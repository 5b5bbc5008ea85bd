import * as vscode from 'vscode';
import type { Hunk } from '../../core/review/lineHunks';
import { anchorLine } from './hunkLocation';
import type { ReviewManager } from './reviewManager';

const MAX_PREVIEW_CHARS = 80;
const MAX_HOVER_LINES = 60;

/** Shows the agent's pending hunks in every visible editor: added lines tinted, removed lines summarised at their place with the full text on hover. */
export class ReviewDecorations implements vscode.Disposable {
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    borderStyle: 'solid',
    borderWidth: '0 0 0 3px',
    borderColor: new vscode.ThemeColor('editorGutter.addedBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly removed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderStyle: 'dashed',
    borderWidth: '1px 0 0 0',
    borderColor: new vscode.ThemeColor('editorGutter.deletedBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly manager: ReviewManager) {
    this.subscriptions = [
      this.added,
      this.removed,
      manager.onDidChange(() => this.refreshAll()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refreshAll()),
      // Whether an editor is a diff's side is known from its tab, which may change after the editors do.
      vscode.window.tabGroups.onDidChangeTabs(() => this.refreshAll()),
    ];
  }

  refreshAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.refresh(editor);
  }

  /** A diff editor shows the removed lines itself: its sides get no marks of ours. */
  refresh(editor: vscode.TextEditor): void {
    const hunks = isSideOfDiff(editor) ? [] : this.manager.hunksOf(editor.document);
    const added: vscode.Range[] = [];
    const removed: vscode.DecorationOptions[] = [];
    for (const hunk of hunks) {
      if (hunk.currentLines.length > 0) added.push(new vscode.Range(hunk.currentStart, 0, hunk.currentStart + hunk.currentLines.length - 1, 0));
      if (hunk.baseLines.length > 0) removed.push(removedMarker(hunk, editor.document));
    }
    editor.setDecorations(this.added, added);
    editor.setDecorations(this.removed, removed);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/**
 * The editor is a side of a diff of its document shown in a group. VS Code gives the sides of a diff
 * no view column, so a diff shown in any group counts then.
 */
function isSideOfDiff(editor: vscode.TextEditor): boolean {
  const uri = editor.document.uri.toString();
  return vscode.window.tabGroups.all.some((group) => {
    const input = group.activeTab?.input;
    const inGroup = editor.viewColumn === undefined || group.viewColumn === editor.viewColumn;
    return inGroup && input instanceof vscode.TabInputTextDiff && (input.modified.toString() === uri || input.original.toString() === uri);
  });
}

function removedMarker(hunk: Hunk, document: vscode.TextDocument): vscode.DecorationOptions {
  const line = anchorLine(hunk, document);
  const count = hunk.baseLines.length;
  const first = (hunk.baseLines[0] ?? '').replace(/\r?\n$/, '').trim();
  const preview = first.length > MAX_PREVIEW_CHARS ? `${first.slice(0, MAX_PREVIEW_CHARS - 1)}…` : first;
  const hover = new vscode.MarkdownString(`**Elbow removed ${count === 1 ? '1 line' : `${count} lines`}** (Reject restores ${count === 1 ? 'it' : 'them'})`);
  const shown = hunk.baseLines.slice(0, MAX_HOVER_LINES).map((text) => `- ${text.replace(/\r?\n$/, '')}`);
  if (count > MAX_HOVER_LINES) shown.push(`… ${count - MAX_HOVER_LINES} more`);
  hover.appendCodeblock(shown.join('\n'), 'diff');
  return {
    range: new vscode.Range(line, 0, line, document.lineAt(line).range.end.character),
    hoverMessage: hover,
    renderOptions: {
      after: {
        contentText: `  − ${count === 1 ? '' : `${count} lines: `}${preview}`,
        color: new vscode.ThemeColor('editorGutter.deletedBackground'),
        fontStyle: 'italic',
        margin: '0 0 0 1em',
      },
    },
  };
}

import type * as vscode from 'vscode';
import type { Hunk } from '../../core/review/lineHunks';

/** The line a hunk is shown at: its first added line, or for a pure removal the line that now follows the removed ones. */
export function anchorLine(hunk: Hunk, document: vscode.TextDocument): number {
  return Math.max(0, Math.min(hunk.currentStart, document.lineCount - 1));
}

/** The hunk at or after the cursor line (wrapping to the first), for commands run by key. */
export function hunkAtOrAfter(hunks: readonly Hunk[], line: number, document: vscode.TextDocument): Hunk | undefined {
  return (
    hunks.find((hunk) => line >= anchorLine(hunk, document) && line < Math.max(anchorLine(hunk, document) + 1, hunk.currentStart + hunk.currentLines.length)) ??
    hunks.find((hunk) => anchorLine(hunk, document) >= line) ??
    hunks[0]
  );
}

export function nextHunk(hunks: readonly Hunk[], line: number, document: vscode.TextDocument, direction: 1 | -1): Hunk | undefined {
  const anchors = hunks.map((hunk) => ({ hunk, line: anchorLine(hunk, document) }));
  if (direction === 1) return (anchors.find((entry) => entry.line > line) ?? anchors[0])?.hunk;
  return ([...anchors].reverse().find((entry) => entry.line < line) ?? anchors.at(-1))?.hunk;
}

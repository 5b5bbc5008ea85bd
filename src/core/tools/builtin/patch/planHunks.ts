import type { AppliedEdit } from '../editMatching/applyEdits';
import type { EditTarget, LocatedEdit } from '../editMatching/editTypes';
import { locateEdit } from '../editMatching/locateEdit';
import { lineSpan, textLines, type TextLines } from '../editMatching/textLines';
import { lineIndexAt } from '../lineChanges';
import { findAnchor, hunkWindow } from './hunkWindow';
import type { PatchHunk } from './patchTypes';

export type HunksOutcome = { kind: 'planned'; text: string; edits: AppliedEdit[] } | { kind: 'failed'; hunk: number; reason: string };

/**
 * Places each hunk of one file with edit_file's matching, its context and removed lines as old_str: in order, each
 * after the previous one and after its `@@` lines, and among the file's last lines when it ends with
 * `*** End of File`. The first hunk that cannot be placed fails the file.
 */
export function planHunks(target: EditTarget, hunks: readonly PatchHunk[]): HunksOutcome {
  const lines = textLines(target.text);
  const located: LocatedEdit[] = [];
  let nextLine = 0;
  for (const [index, hunk] of hunks.entries()) {
    const placed = placeHunk(target, lines, hunk, nextLine);
    if (placed.kind === 'failed') return { kind: 'failed', hunk: index, reason: placed.reason };
    located.push(placed.edit);
    nextLine = placed.nextLine;
  }
  return { kind: 'planned', ...applyLocated(target.text, located) };
}

type Placement = { kind: 'placed'; edit: LocatedEdit; nextLine: number } | { kind: 'failed'; reason: string };

function placeHunk(target: EditTarget, lines: TextLines, hunk: PatchHunk, from: number): Placement {
  let firstLine = from;
  for (const anchor of hunk.anchors) {
    const found = findAnchor(lines.lines, anchor, firstLine);
    if (found === undefined) {
      const earlier = findAnchor(lines.lines, anchor, 0);
      const where = firstLine === 0 ? '' : ` after ${lineSpan(firstLine - 1, 1)}`;
      const hint = earlier === undefined ? ' Copy the @@ line exactly from a line of the file above the change.' : ` It is at ${lineSpan(earlier, 1)}, above where this hunk may start: hunks must come in file order, each below the previous one.`;
      return { kind: 'failed', reason: `the @@ line '${anchor}' is not in ${target.shownPath}${where}.${hint}` };
    }
    firstLine = found + 1;
  }
  // A hunk whose first line is its @@ line repeated starts at that line, not below it.
  const lastAnchor = hunk.anchors.at(-1);
  if (lastAnchor !== undefined && hunk.oldLines[0]?.trim() === lastAnchor.trim()) firstLine--;
  if (hunk.oldLines.length === 0) return insertion(target, lines, hunk, firstLine);
  const mayStart = firstLine;
  if (hunk.atEndOfFile) firstLine = Math.max(firstLine, linesBeforeTrailingBlanks(lines.lines) - hunk.oldLines.length);
  const window = hunkWindow(target, lines, firstLine);
  const location = locateEdit(window.target, hunkRequest(hunk));
  if (location.kind === 'refused') return { kind: 'failed', reason: refusal(target, lines, hunk, { mayStart, firstLine }, location.reason) };
  const { edit } = location;
  if (edit.start < window.blankedLength) {
    return { kind: 'failed', reason: `its lines match only by reaching above ${lineSpan(firstLine, 1)}, where this hunk must start (after its @@ line or the previous hunk). Give the lines exactly as the file has them.` };
  }
  const windowText = window.target.text;
  const lineStart = windowText.lastIndexOf('\n', edit.start - 1) + 1;
  if (windowText.slice(lineStart, edit.start).trim() !== '') {
    return { kind: 'failed', reason: `its first line matches only the end of ${lineSpan(lineIndexAt(windowText, edit.start), 1)}, not a whole line. Copy the lines exactly as the file has them.` };
  }
  const placed = inFile(window, edit);
  if (hunk.atEndOfFile && target.text.slice(placed.end).trim() !== '') {
    return { kind: 'failed', reason: `it ends with '*** End of File', but its lines are not the last lines of ${target.shownPath}.` };
  }
  return { kind: 'placed', edit: placed, nextLine: placed.end === 0 ? 0 : lineIndexAt(target.text, placed.end - 1) + 1 };
}

/** A match in the window's text as offsets in the file, without the line break the window added. */
function inFile(window: ReturnType<typeof hunkWindow>, edit: LocatedEdit): LocatedEdit {
  const shift = window.start - window.blankedLength;
  const fileLength = window.target.text.length - window.blankedLength + window.start - (window.addedBreak ? window.target.lineEnding.length : 0);
  let end = edit.end + shift;
  let newText = edit.newText;
  if (window.addedBreak && end > fileLength) {
    end = fileLength;
    newText = newText.replace(/\r?\n$/, '');
  }
  return { ...edit, start: edit.start + shift, end, newText };
}

/** A hunk of added lines only: on an empty file, at the end with `*** End of File`, or just below its last `@@` line. */
function insertion(target: EditTarget, lines: TextLines, hunk: PatchHunk, firstLine: number): Placement {
  const added = hunk.newLines.map((line) => `${line}${target.lineEnding}`).join('');
  if (target.text === '') return { kind: 'placed', edit: { start: 0, end: 0, newText: added }, nextLine: 0 };
  if (hunk.atEndOfFile) {
    const end = target.text.length;
    const newText = /\n$/.test(target.text) ? added : target.lineEnding + added.slice(0, -target.lineEnding.length);
    return { kind: 'placed', edit: { start: end, end, newText }, nextLine: lines.lines.length };
  }
  if (hunk.anchors.length > 0) {
    const at = lines.breaks[firstLine - 1] as number;
    const newText = at === lines.ends[firstLine - 1] ? target.lineEnding + added.slice(0, -target.lineEnding.length) : added;
    return { kind: 'placed', edit: { start: at, end: at, newText }, nextLine: firstLine };
  }
  return {
    kind: 'failed',
    reason: `it only adds lines, with no context or removed lines and no @@ line, so nothing says where they go in ${target.shownPath}. Add a few unchanged lines around the place (each starting with a space), or an @@ line copied from the line just above it.`,
  };
}

function hunkRequest(hunk: PatchHunk): { oldStr: string; newStr: string } {
  return { oldStr: `${hunk.oldLines.join('\n')}\n`, newStr: `${hunk.newLines.join('\n')}\n` };
}

/**
 * Why a hunk was not placed: what edit_file's matching said, unless the hunk's lines are in the file where this hunk
 * may not go (above its @@ line or the previous hunk, or not at the end for `*** End of File`), which is said instead.
 */
function refusal(target: EditTarget, lines: TextLines, hunk: PatchHunk, bounds: { mayStart: number; firstLine: number }, reason: string): string {
  if (bounds.firstLine === 0) return reason;
  const anywhere = locateEdit(target, hunkRequest(hunk));
  if (anywhere.kind !== 'found') return reason;
  const at = lineIndexAt(target.text, anywhere.edit.start);
  const where = lineSpan(at, hunk.oldLines.length);
  if (at < bounds.mayStart) {
    return `its lines are at ${where}, above ${lineSpan(bounds.mayStart, 1)} where it may start (after its @@ line or the previous hunk): hunks must come in file order, each below the previous one, and an @@ line must be above the change.`;
  }
  if (at < bounds.firstLine && lines.lines.length > 0) {
    return `it ends with '*** End of File', but its lines are at ${where}, not the last lines of ${target.shownPath}. Leave '*** End of File' out when the change is not at the end.`;
  }
  return reason;
}

function linesBeforeTrailingBlanks(lines: readonly string[]): number {
  let count = lines.length;
  while (count > 0 && (lines[count - 1] as string).trim() === '') count--;
  return count;
}

function applyLocated(original: string, located: readonly LocatedEdit[]): { text: string; edits: AppliedEdit[] } {
  let text = '';
  let copied = 0;
  const edits: AppliedEdit[] = [];
  for (const edit of located) {
    text += original.slice(copied, edit.start);
    const editedStart = text.length;
    text += edit.newText;
    edits.push({ ...edit, before: original.slice(edit.start, edit.end), editedStart, editedEnd: text.length });
    copied = edit.end;
  }
  return { text: text + original.slice(copied), edits };
}

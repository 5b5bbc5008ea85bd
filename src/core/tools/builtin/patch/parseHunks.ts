import { invalidPatch, isSectionHeader, quoted, type PatchLine } from './patchEnvelope';
import type { PatchHunk } from './patchTypes';

const END_OF_FILE = '*** End of File';
/** A unified diff's hunk header, which models sometimes write instead of `@@ anchor`: the line numbers are dropped. */
const UNIFIED_HEADER = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;
const HUNK_LINES = "lines starting with ' ' (context), '-' (removed) or '+' (added)";

interface OpenHunk extends PatchHunk {
  line: number;
  /** Lines read so far that had no prefix at all, at the end: blank context, or blank lines separating hunks. */
  trailingBlanks: number;
}

/**
 * The hunks of an `*** Update File:` section, from `start` up to the next section header (returned as `end`).
 * Tolerated as Codex does: the first hunk without `@@`, an empty line as an empty context line, blank lines
 * between hunks. Several `@@` lines in a row narrow step by step and become the hunk's anchors.
 */
export function parseHunks(lines: readonly PatchLine[], start: number): { hunks: PatchHunk[]; end: number } {
  const hunks: PatchHunk[] = [];
  let open: OpenHunk | undefined;
  const close = (): void => {
    if (!open) return;
    open.oldLines.splice(open.oldLines.length - open.trailingBlanks);
    open.newLines.splice(open.newLines.length - open.trailingBlanks);
    if (open.oldLines.length === 0 && open.newLines.length === 0) {
      throw invalidPatch(open.line, `this hunk has no lines. After '@@', give the hunk's ${HUNK_LINES}`);
    }
    hunks.push({ anchors: open.anchors, oldLines: open.oldLines, newLines: open.newLines, atEndOfFile: open.atEndOfFile });
    open = undefined;
  };
  let index = start;
  for (; index < lines.length; index++) {
    const line = lines[index] as PatchLine;
    const trimmed = line.text.trim();
    if (trimmed === END_OF_FILE) {
      if (!open || open.oldLines.length + open.newLines.length === open.trailingBlanks) {
        throw invalidPatch(line.number, `'${END_OF_FILE}' must follow a hunk's lines; it marks that they are the last lines of the file`);
      }
      open.atEndOfFile = true;
      close();
    } else if (isSectionHeader(line.text, true)) {
      break;
    } else if (line.text.startsWith('@@')) {
      const anchor = anchorOf(line.text);
      if (open && open.oldLines.length + open.newLines.length === 0) {
        if (anchor !== undefined) open.anchors.push(anchor);
      } else {
        close();
        open = { anchors: anchor === undefined ? [] : [anchor], oldLines: [], newLines: [], atEndOfFile: false, line: line.number, trailingBlanks: 0 };
      }
    } else if (!open) {
      if (trimmed === '') continue;
      if (hunks.length > 0) throw invalidPatch(line.number, `expected '@@' to start the next hunk, found ${quoted(line.text)}`);
      open = { anchors: [], oldLines: [], newLines: [], atEndOfFile: false, line: line.number, trailingBlanks: 0 };
      addHunkLine(open, line);
    } else {
      addHunkLine(open, line);
    }
  }
  close();
  return { hunks, end: index };
}

function anchorOf(header: string): string | undefined {
  const unified = UNIFIED_HEADER.exec(header);
  const anchor = unified ? (unified[1] as string) : header.slice(header.startsWith('@@ ') ? 3 : 2);
  return anchor.trim() === '' ? undefined : anchor;
}

function addHunkLine(hunk: OpenHunk, line: PatchLine): void {
  const prefix = line.text[0];
  const content = line.text.slice(1);
  if (line.text === '') {
    hunk.oldLines.push('');
    hunk.newLines.push('');
    hunk.trailingBlanks++;
    return;
  }
  hunk.trailingBlanks = 0;
  if (prefix === ' ') {
    hunk.oldLines.push(content);
    hunk.newLines.push(content);
  } else if (prefix === '-') {
    hunk.oldLines.push(content);
  } else if (prefix === '+') {
    hunk.newLines.push(content);
  } else if (!line.text.startsWith('\\ No newline')) {
    throw invalidPatch(line.number, `expected a hunk line (${HUNK_LINES}; a context line keeps its leading space), '@@', '${END_OF_FILE}' or a file section header, found ${quoted(line.text)}`);
  }
}

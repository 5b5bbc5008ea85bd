import { ToolError } from '../../../toolContract/toolError';

export const BEGIN_PATCH = '*** Begin Patch';
export const END_PATCH = '*** End Patch';
export const ADD_FILE = '*** Add File:';
export const DELETE_FILE = '*** Delete File:';
export const UPDATE_FILE = '*** Update File:';

export const MOVE_TO = '*** Move to:';

const PATH_MARKERS = [ADD_FILE, DELETE_FILE, UPDATE_FILE, MOVE_TO] as const;
export type PathMarker = (typeof PATH_MARKERS)[number];

/**
 * The one test of a line that names a file (`*** Add File: a.ts`, … `*** Move to: b.ts`), for the parser and
 * for the card that names the files: the marker at the start, after ASCII spaces and tabs only (no other
 * whitespace, which would let a line that reads as context hide a section). Within hunks (`inHunks`) a line
 * starting with a space is a context line, never a header. Linear in the line's length.
 */
export function pathHeader(line: string, inHunks = false): { marker: PathMarker; path: string } | undefined {
  if (inHunks && line.startsWith(' ')) return undefined;
  let start = 0;
  while (line[start] === ' ' || line[start] === '\t') start++;
  const marker = PATH_MARKERS.find((candidate) => line.startsWith(candidate, start));
  return marker === undefined ? undefined : { marker, path: line.slice(start + marker.length).trim() };
}

/** A line that ends a section: a file section header (see `pathHeader`), or any line starting with `***`. */
export function isSectionHeader(line: string, inHunks = false): boolean {
  const header = pathHeader(line, inHunks);
  return line.startsWith('***') || (header !== undefined && header.marker !== MOVE_TO);
}

/** One line of the patch with its 1-based number in the text as the model sent it. */
export interface PatchLine {
  text: string;
  number: number;
}

/**
 * The lines between `*** Begin Patch` and `*** End Patch`. Tolerated around them, as Codex's own parser does:
 * blank lines and spaces, and a shell heredoc (`<<'EOF'` … `EOF`) the model wrapped the patch in; also a
 * Markdown code fence, which models add when they quote a patch.
 */
export function patchBody(text: string): PatchLine[] {
  let lines = text.split(/\r?\n/).map((line, index) => ({ text: line, number: index + 1 }));
  lines = withoutBlankEnds(lines);
  lines = withoutWrapper(lines);
  const first = lines[0];
  const last = lines.at(-1);
  if (!first || first.text.trim() !== BEGIN_PATCH) {
    throw invalidPatch(first?.number ?? 1, `expected '${BEGIN_PATCH}' as the first line, found ${quoted(first?.text ?? '')}`);
  }
  if (lines.length < 2 || !last || last.text.trim() !== END_PATCH) {
    throw invalidPatch(last?.number ?? 1, `expected '${END_PATCH}' as the last line, found ${quoted(last?.text ?? '')}. End the patch with a line '${END_PATCH}'`);
  }
  return lines.slice(1, -1);
}

/** A ToolError that says where the patch is wrong and what was expected there, for the model to fix it. */
export function invalidPatch(lineNumber: number, problem: string): ToolError {
  return new ToolError(`Invalid patch at line ${lineNumber}: ${problem}. No file was changed.`);
}

/** A patch line in quotes, shortened when long. */
export function quoted(line: string): string {
  const shown = line.length > 80 ? `${line.slice(0, 77)}…` : line;
  return shown.trim() === '' ? 'an empty line' : `'${shown}'`;
}

function withoutBlankEnds(lines: PatchLine[]): PatchLine[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]?.text.trim() === '') start++;
  while (end > start && lines[end - 1]?.text.trim() === '') end--;
  return lines.slice(start, end);
}

const HEREDOC_START = /^(?:apply_patch\s+)?<<-?\s*(['"]?)(\w+)\1$/;
const FENCE_START = /^```[\w-]*$/;

function withoutWrapper(lines: PatchLine[]): PatchLine[] {
  if (lines.length < 3 || lines[0]?.text.trim() === BEGIN_PATCH) return lines;
  const first = (lines[0] as PatchLine).text.trim();
  const last = (lines.at(-1) as PatchLine).text.trim();
  const heredoc = HEREDOC_START.exec(first);
  const wrapped = heredoc ? last === heredoc[2] : FENCE_START.test(first) && last === '```';
  return wrapped ? withoutBlankEnds(lines.slice(1, -1)) : lines;
}

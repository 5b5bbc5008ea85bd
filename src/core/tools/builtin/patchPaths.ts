import { MOVE_TO, pathHeader, UPDATE_FILE } from './patch/patchEnvelope';

/** The card's title names the first few files only; scanning further into a huge streaming patch would only cost time. */
export const TITLE_SCAN_CHARACTERS = 64 * 1024;

/**
 * The files a patch names, in order, each once: for the card's title and subject while the patch
 * still streams. Each line is judged by the parser's own header test (`pathHeader`), with the same
 * rule inside an Update section's hunks, so the card names exactly the files the call would touch.
 * Linear in the patch's length; `limit`: how many characters to scan.
 */
export function patchPaths(patch: unknown, limit = Number.POSITIVE_INFINITY): string[] {
  if (typeof patch !== 'string') return [];
  const text = patch.length > limit ? patch.slice(0, limit) : patch;
  const paths = new Set<string>();
  let inUpdate = false;
  let afterUpdateHeader = false;
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start);
    const lineEnd = end === -1 ? text.length : end;
    const line = text.slice(start, text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd);
    start = lineEnd + 1;
    const header = pathHeader(line, inUpdate);
    const named = header !== undefined && (header.marker !== MOVE_TO || afterUpdateHeader);
    if (named && header.path !== '') paths.add(header.path);
    afterUpdateHeader = header?.marker === UPDATE_FILE;
    if (header !== undefined && header.marker !== MOVE_TO) inUpdate = afterUpdateHeader;
  }
  return [...paths];
}

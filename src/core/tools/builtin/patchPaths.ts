import { clipPath } from '../../toolContract/toolTitleText';
import { MOVE_TO, pathHeader, UPDATE_FILE } from './patch/patchEnvelope';

const TITLE_CHARACTERS = 80;

/**
 * The files a patch names, in order, each once: for the card's title and subject while the patch
 * still streams. Each line is judged by the parser's own header test (`pathHeader`), with the same
 * rule inside an Update section's hunks, so the card names exactly the files the call would touch.
 * Linear in the patch's length.
 */
export function patchPaths(patch: unknown): string[] {
  if (typeof patch !== 'string') return [];
  const paths = new Set<string>();
  let inUpdate = false;
  let afterUpdateHeader = false;
  for (let start = 0; start < patch.length;) {
    const end = patch.indexOf('\n', start);
    const lineEnd = end === -1 ? patch.length : end;
    const line = patch.slice(start, patch[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd);
    start = lineEnd + 1;
    const header = pathHeader(line, inUpdate);
    const named = header !== undefined && (header.marker !== MOVE_TO || afterUpdateHeader);
    if (named && header.path !== '') paths.add(header.path);
    afterUpdateHeader = header?.marker === UPDATE_FILE;
    if (header !== undefined && header.marker !== MOVE_TO) inUpdate = afterUpdateHeader;
  }
  return [...paths];
}

/** `Patching a.ts, b.ts and 3 more`: as many names as fit, and a count of the rest, so the title never hides a file. */
export function patchTitle(paths: readonly string[]): string {
  const [first] = paths;
  if (first === undefined) return 'Patching files';
  let named = 0;
  let listed = 'Patching';
  for (const [index, path] of paths.entries()) {
    const next = `${listed}${index === 0 ? ' ' : ', '}${path}`;
    const rest = paths.length - index - 1;
    if (next.length + (rest === 0 ? 0 : ` and ${rest} more`.length) > TITLE_CHARACTERS) break;
    listed = next;
    named = index + 1;
  }
  if (named === paths.length) return listed;
  if (named > 0) return `${listed} and ${paths.length - named} more`;
  const rest = paths.length === 1 ? '' : ` and ${paths.length - 1} more`;
  return `Patching ${clipPath(first, TITLE_CHARACTERS - 'Patching '.length - rest.length)}${rest}`;
}

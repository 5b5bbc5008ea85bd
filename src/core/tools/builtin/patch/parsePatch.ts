import { ADD_FILE, DELETE_FILE, invalidPatch, isSectionHeader, MOVE_TO, pathHeader, patchBody, quoted, UPDATE_FILE, type PatchLine } from './patchEnvelope';
import type { PatchOperation } from './patchTypes';
import { parseHunks } from './parseHunks';

const SECTION_HEADERS = `'${ADD_FILE} path', '${DELETE_FILE} path' or '${UPDATE_FILE} path'`;

/**
 * Reads a patch in the format OpenAI's models are trained on (Codex's apply_patch):
 * `*** Begin Patch`, then file sections (`*** Add File:`, `*** Delete File:`, `*** Update File:` with an optional
 * `*** Move to:` and `@@` hunks), then `*** End Patch`. Throws a ToolError naming the line and what was expected.
 */
export function parsePatch(text: string): PatchOperation[] {
  const lines = patchBody(text);
  const operations: PatchOperation[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as PatchLine;
    if (line.text.trim() === '') {
      index++;
      continue;
    }
    const header = pathHeader(line.text);
    if (header?.marker === ADD_FILE) {
      const path = sectionPath(line, header.path);
      const content: string[] = [];
      index++;
      for (; index < lines.length; index++) {
        const next = lines[index] as PatchLine;
        if (next.text.startsWith('+')) content.push(next.text.slice(1));
        else if (next.text === '' && lines[index + 1]?.text.startsWith('+')) content.push('');
        else if (next.text.trim() === '' || isSectionHeader(next.text)) break;
        else throw invalidPatch(next.number, `expected '+' at the start of ${quoted(next.text)}: every line of an added file starts with '+', an empty line too`);
      }
      operations.push({ kind: 'add', path, text: content.map((contentLine) => `${contentLine}\n`).join('') });
    } else if (header?.marker === DELETE_FILE) {
      operations.push({ kind: 'delete', path: sectionPath(line, header.path) });
      index++;
    } else if (header?.marker === UPDATE_FILE) {
      const path = sectionPath(line, header.path);
      index++;
      let moveTo: string | undefined;
      const next = lines[index];
      const move = next === undefined ? undefined : pathHeader(next.text);
      if (next !== undefined && move?.marker === MOVE_TO) {
        moveTo = sectionPath(next, move.path);
        index++;
      }
      const { hunks, end } = parseHunks(lines, index);
      if (hunks.length === 0 && moveTo === undefined) {
        throw invalidPatch(line.number, `'${UPDATE_FILE} ${path}' has no hunks. Follow it with '@@' and lines starting with ' ' (context), '-' (removed) or '+' (added)`);
      }
      operations.push(moveTo === undefined ? { kind: 'update', path, hunks } : { kind: 'update', path, moveTo, hunks });
      index = end;
    } else {
      throw invalidPatch(line.number, `expected a file section header (${SECTION_HEADERS}), found ${quoted(line.text)}`);
    }
  }
  if (operations.length === 0) {
    throw invalidPatch(lines[0]?.number ?? 2, `the patch has no file sections. Put ${SECTION_HEADERS} sections between '*** Begin Patch' and '*** End Patch'`);
  }
  return operations;
}

function sectionPath(line: PatchLine, path: string): string {
  if (path === '') throw invalidPatch(line.number, `'${line.text.trim()}' needs a path after it`);
  return path;
}

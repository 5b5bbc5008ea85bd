import assert from 'node:assert/strict';
import { locateEdit } from '../../../../../../src/core/tools/builtin/editMatching/locateEdit';
import { contentBytes } from '../../../../../../src/core/host/fileChanges';
import { decodeFile, dominantLineEnding } from '../../../../../../src/core/tools/builtin/textFile';

/** Runs locateEdit on `text` as the edit tool would and returns the edited text and what the model is told. */
export function applied(text: string, oldStr: string, newStr: string, ladder = true): { text: string; tolerance: string | undefined } {
  const location = locateEdit({ text, lineEnding: dominantLineEnding(text), shownPath: 'file.ts' }, { oldStr, newStr }, { ladder });
  assert.equal(location.kind, 'found', location.kind === 'refused' ? location.reason : '');
  if (location.kind !== 'found') throw new Error('unreachable');
  const { start, end, newText, tolerance } = location.edit;
  return { text: text.slice(0, start) + newText + text.slice(end), tolerance };
}

/** Runs locateEdit on `text` and returns why it refused (the caller then writes nothing). */
export function refused(text: string, oldStr: string, newStr: string, ladder = true): string {
  const location = locateEdit({ text, lineEnding: dominantLineEnding(text), shownPath: 'file.ts' }, { oldStr, newStr }, { ladder });
  assert.equal(location.kind, 'refused', location.kind === 'found' ? `applied: ${JSON.stringify(location.edit)}` : '');
  return location.kind === 'refused' ? location.reason : '';
}

export function lines(...content: string[]): string {
  return content.map((line) => `${line}\n`).join('');
}

/** Runs locateEdit on a file's bytes decoded as the edit tool decodes them, and returns the bytes it would write. */
export function appliedToBytes(bytes: Uint8Array, oldStr: string, newStr: string): Uint8Array {
  const decoded = decodeFile(bytes);
  if (decoded.kind !== 'text') throw new Error('not text');
  const location = locateEdit({ text: decoded.text, lineEnding: decoded.lineEnding, shownPath: 'file.ts' }, { oldStr, newStr });
  assert.equal(location.kind, 'found', location.kind === 'refused' ? location.reason : '');
  if (location.kind !== 'found') throw new Error('unreachable');
  const { start, end, newText } = location.edit;
  return contentBytes({ kind: 'text', text: decoded.text.slice(0, start) + newText + decoded.text.slice(end), hasBom: decoded.hasBom });
}

/** Why locateEdit refuses an edit of a file's bytes, decoded as the edit tool decodes them. */
export function refusedForBytes(bytes: Uint8Array, oldStr: string, newStr: string): string {
  const decoded = decodeFile(bytes);
  if (decoded.kind !== 'text') throw new Error('not text');
  const location = locateEdit({ text: decoded.text, lineEnding: decoded.lineEnding, shownPath: 'file.ts' }, { oldStr, newStr });
  assert.equal(location.kind, 'refused', location.kind === 'found' ? `applied: ${JSON.stringify(location.edit)}` : '');
  return location.kind === 'refused' ? location.reason : '';
}

/** The text as UTF-8 bytes with a byte order mark first. */
export function withBom(text: string): Uint8Array {
  return contentBytes({ kind: 'text', text, hasBom: true });
}

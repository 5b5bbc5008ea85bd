import { computeHunks, type Hunk } from '../../core/review/lineHunks';
import { minimalReplacement, type Replacement } from './minimalReplacement';

/**
 * The replacements turning `current` into `wanted`: one for each stretch of lines that differs, each as small as
 * the characters that differ in it; offsets into `current`, in order. The editor applies a few short edits far
 * faster than one spanning the file, and what lies between them (the user's cursor, folds, markers) stays put.
 * `hunks`: the line differences from `current` to `wanted` when already known; else they are worked out only
 * on the lines from the first to the last character that differs.
 */
export function hunkReplacements(current: string, wanted: string, hunks?: readonly Hunk[]): Replacement[] {
  if (hunks !== undefined) return replacementsOf(current, hunks, 0);
  const changed = minimalReplacement(current, wanted);
  if (changed === undefined) return [];
  const start = changed.start === 0 ? 0 : current.lastIndexOf('\n', changed.start - 1) + 1;
  const lineEnd = changed.end === 0 || current[changed.end - 1] === '\n' ? changed.end - 1 : current.indexOf('\n', changed.end);
  const end = lineEnd === -1 ? current.length : lineEnd + 1;
  return replacementsOf(current, computeHunks(current.slice(start, end), wanted.slice(start, wanted.length - (current.length - end))), start);
}

/** `offset`: where the text the hunks were worked out on starts in `current`, at the start of a line. */
function replacementsOf(current: string, hunks: readonly Hunk[], offset: number): Replacement[] {
  const replacements: Replacement[] = [];
  let at = offset;
  let line = 0;
  for (const hunk of hunks) {
    for (; line < hunk.baseStart; line++) at = current.indexOf('\n', at) + 1;
    const replacement = minimalReplacement(hunk.baseLines.join(''), hunk.currentLines.join(''));
    if (replacement !== undefined) replacements.push({ start: at + replacement.start, end: at + replacement.end, text: replacement.text });
  }
  return replacements;
}

/** The smallest single replacement turning `current` into `wanted`, as offsets into `current`; `undefined` when equal. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/**
 * Replacing only what changed keeps the user's cursor, selections, folds and markers
 * where they were, which a whole-document replace would reset.
 */
export function minimalReplacement(current: string, wanted: string): Replacement | undefined {
  if (current === wanted) return undefined;
  let start = 0;
  const shorter = Math.min(current.length, wanted.length);
  while (start < shorter && current.charCodeAt(start) === wanted.charCodeAt(start)) start++;
  let suffix = 0;
  while (
    suffix < shorter - start &&
    current.charCodeAt(current.length - 1 - suffix) === wanted.charCodeAt(wanted.length - 1 - suffix)
  ) suffix++;
  // Never split a surrogate pair or a CRLF: offsets must fall between whole characters and lines stay intact.
  while (start > 0 && (isLowSurrogate(current.charCodeAt(start)) || (current[start] === '\n' && current[start - 1] === '\r'))) start--;
  while (suffix > 0 && (isLowSurrogate(current.charCodeAt(current.length - suffix)) || (current[current.length - suffix] === '\n' && current[current.length - suffix - 1] === '\r'))) suffix--;
  return { start, end: current.length - suffix, text: wanted.slice(start, wanted.length - suffix) };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

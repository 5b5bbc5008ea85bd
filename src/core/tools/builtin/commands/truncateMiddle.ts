export interface Omission {
  characters: number;
  lines: number;
  /** 1-based line of the text where the omitted part starts. */
  firstLine: number;
}

export interface Truncated {
  text: string;
  omission?: Omission;
}

/**
 * Keeps the start and the end of a long text (where commands print what they do and how it
 * ended) and leaves out the middle, cutting at line breaks where one is near. The marker
 * stands on a line of its own.
 */
export function truncateMiddle(text: string, limit: number, marker: (omission: Omission) => string): Truncated {
  if (text.length <= limit) return { text };
  const headLength = Math.floor(limit * 0.4);
  const tailLength = limit - headLength;
  let headEnd = headLength;
  const lineBreakInHead = text.lastIndexOf('\n', headEnd - 1);
  if (lineBreakInHead > headLength * 0.8) headEnd = lineBreakInHead + 1;
  let tailStart = text.length - tailLength;
  const lineBreakInTail = text.indexOf('\n', tailStart);
  if (lineBreakInTail !== -1 && lineBreakInTail < tailStart + tailLength * 0.2) tailStart = lineBreakInTail + 1;
  const omitted = text.slice(headEnd, tailStart);
  const omission: Omission = {
    characters: omitted.length,
    lines: omitted.split('\n').length - (omitted.endsWith('\n') ? 1 : 0),
    firstLine: text.slice(0, headEnd).split('\n').length,
  };
  const head = text.slice(0, headEnd);
  return { text: `${head}${head.endsWith('\n') ? '' : '\n'}${marker(omission)}\n${text.slice(tailStart)}`, omission };
}

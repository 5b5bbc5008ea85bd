/** A stretch of lines, 1-based and inclusive. */
export interface LineRange {
  readonly startLine: number;
  readonly endLine: number;
}

const reread = (plural: boolean): string => `Do not assume ${plural ? 'those edits stand' : 'that edit stands'}; re-read the file before editing it again.`;

/** A note for the model that the user rejected its edits to these lines of one file. */
export function describeRejectedLines(displayPath: string, ranges: readonly LineRange[]): string {
  const merged = mergeRanges(ranges);
  if (merged.length === 0) {
    return `The user rejected some of your changes to ${displayPath}; those parts of the file are back to their earlier text. ${reread(true)}`;
  }
  const where = joinWithAnd(merged.map(({ startLine, endLine }) => (startLine === endLine ? `line ${startLine}` : `lines ${startLine}–${endLine}`)));
  return merged.length === 1
    ? `The user rejected your change to ${displayPath} ${where}; that part of the file is back to its earlier text. ${reread(false)}`
    : `The user rejected your changes to ${displayPath} ${where}; those parts of the file are back to their earlier text. ${reread(true)}`;
}

/** A note for the model that the user rejected everything it did to one file. */
export function describeRejectedFile(displayPath: string, kind: 'created' | 'modified' | 'deleted'): string {
  switch (kind) {
    case 'created':
      return `The user rejected your new file ${displayPath}; it was deleted. Do not assume it exists.`;
    case 'modified':
      return `The user rejected all your changes to ${displayPath}; it is back to its earlier text. ${reread(true)}`;
    case 'deleted':
      return `The user rejected your deletion of ${displayPath}; it was restored. Do not assume it is gone; re-read it before changing it.`;
  }
}

/** Sorted, with overlapping and touching ranges joined, and reversed ones put the right way. */
function mergeRanges(ranges: readonly LineRange[]): LineRange[] {
  const sorted = ranges
    .map(({ startLine, endLine }) => ({ startLine: Math.min(startLine, endLine), endLine: Math.max(startLine, endLine) }))
    .sort((a, b) => a.startLine - b.startLine);
  const merged: Array<{ startLine: number; endLine: number }> = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range.startLine <= last.endLine + 1) last.endLine = Math.max(last.endLine, range.endLine);
    else merged.push({ ...range });
  }
  return merged;
}

function joinWithAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Lines prefixed with their 1-based number and a tab, numbers right-aligned (like `cat -n`):
 * `  9\tconst a = 1;` … ` 12\treturn a;`. The model is told to leave the prefix out of edits.
 */
export function numberLines(lines: readonly string[], firstLineNumber: number): string {
  const width = String(firstLineNumber + lines.length - 1).length;
  return lines.map((line, index) => `${String(firstLineNumber + index).padStart(width)}\t${line}`).join('\n');
}

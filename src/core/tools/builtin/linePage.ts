/** Longer lines are cut short in a page. */
export const PAGE_MAX_LINE_CHARS = 2000;

export interface LinePage {
  lines: string[];
  /** How many lines were cut at PAGE_MAX_LINE_CHARS. */
  cutLines: number;
}

/** Lines from `first` (1-based), up to `maxLines` and about `maxBytes` (at least one line). */
export function takeLinePage(lines: readonly string[], first: number, maxLines: number, maxBytes: number): LinePage {
  const page: string[] = [];
  let bytes = 0;
  let cutLines = 0;
  for (let index = first - 1; index < lines.length && page.length < maxLines; index++) {
    let line = lines[index] as string;
    if (line.length > PAGE_MAX_LINE_CHARS) {
      line = `${line.slice(0, PAGE_MAX_LINE_CHARS)}… [line cut: ${line.length - PAGE_MAX_LINE_CHARS} more characters]`;
      cutLines++;
    }
    bytes += Buffer.byteLength(line, 'utf8') + 8;
    if (page.length > 0 && bytes > maxBytes) break;
    page.push(line);
  }
  return { lines: page, cutLines };
}

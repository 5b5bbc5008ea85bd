const longestShownText = 80;

/** `text` as a markdown code span for a reason line: one line, shortened. */
export function inCode(text: string): string {
  // Only the start is shown; collapsing all of a long text for every reason would be slow.
  let shown = text.slice(0, longestShownText * 4).replace(/\s+/g, ' ').trim();
  if (shown.length > longestShownText || text.length > longestShownText * 4) shown = `${shown.slice(0, longestShownText - 1)}…`;
  const fence = shown.includes('`') ? '``' : '`';
  const padding = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${shown}${padding}${fence}`;
}

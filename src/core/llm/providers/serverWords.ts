/** How much of a server's words an error message quotes: enough for any real explanation, never a whole page. */
const longestWords = 2_000;

/**
 * The server's words as an error message quotes them: an HTML page (a proxy's or gateway's error
 * page) described by its size and title instead of its markup, other text cut after 2,000
 * characters with the count of the rest. `status` is the HTTP status the SDKs put before a body
 * they could not read as JSON ("502 <html>…").
 */
export function boundedServerWords(words: string, status?: number): string {
  const body = status !== undefined && words.startsWith(`${status} `) ? words.slice(`${status} `.length) : words;
  if (isHtmlPage(body)) return htmlPageText(body);
  if (words.length <= longestWords) return words;
  const kept = words.slice(0, longestWords).replace(/[\uD800-\uDBFF]$/, '');
  return `${kept}… (${count(words.length - kept.length)} more characters)`;
}

function isHtmlPage(text: string): boolean {
  return /^\s*<(?:!doctype\s+html|html|head|body)\b/i.test(text.slice(0, 1_000));
}

function htmlPageText(page: string): string {
  // The title lies near the top: only the head of a page is searched.
  const title = /<title[^>]{0,200}>([^<]{1,200})<\/title>/i.exec(page.slice(0, 4_000))?.[1]?.replace(/\s+/g, ' ').trim();
  const size = `an HTML page (${count(Math.max(1, Math.round(page.length / 1024)))} KB)`;
  return title ? `${size} titled "${title}"` : size;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

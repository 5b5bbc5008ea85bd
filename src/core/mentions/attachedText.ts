/** Most lines of an attached file copied into the message; the model can read the rest with read_file. */
const maxAttachedLines = 500;
const maxAttachedCharacters = 60_000;

/** One attachment as the model receives it after the user's text: a heading, then the content fenced and capped (`rest`: where the rest of a capped text is). */
export function attachedTextBlock(heading: string, content: string | undefined, rest = 'read the rest with read_file'): string {
  if (content === undefined) return `${heading}: could not be read; use read_file.`;
  const { text, note } = capped(content, rest);
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${heading}:\n${fence}\n${text}\n${fence}${note}`;
}

/** The user's message followed by its attachments' blocks. */
export function textWithBlocks(text: string, blocks: readonly string[]): string {
  return blocks.length === 0 ? text : `${text}\n\n${blocks.join('\n\n')}`;
}

function capped(content: string, rest: string): { text: string; note: string } {
  const lines = content.split('\n');
  let text = lines.length > maxAttachedLines ? lines.slice(0, maxAttachedLines).join('\n') : content;
  if (text.length > maxAttachedCharacters) text = text.slice(0, maxAttachedCharacters);
  if (text.length === content.length) return { text, note: '' };
  const shownLines = text.split('\n').length;
  return { text, note: `\n(Only the first ${shownLines} of ${lines.length} lines are attached; ${rest}.)` };
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

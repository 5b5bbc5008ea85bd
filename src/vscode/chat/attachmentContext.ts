import type { Attachment } from '../../protocol/chatItems';

/** Most lines of an attached file copied into the message; the model can read the rest with read_file. */
const maxAttachedLines = 500;
const maxAttachedCharacters = 60_000;

export interface AttachedText {
  attachment: Attachment;
  /** The file's (or selection's) text, `undefined` when it could not be read. */
  text: string | undefined;
}

/** The user's message as the model receives it: the typed text, then each attachment with its path and content. */
export function messageWithAttachments(text: string, attached: readonly AttachedText[]): string {
  if (attached.length === 0) return text;
  const parts = attached.map(({ attachment, text: content }) => attachmentBlock(attachment, content));
  return `${text}\n\n${parts.join('\n\n')}`;
}

function attachmentBlock(attachment: Attachment, content: string | undefined): string {
  const what = attachment.kind === 'selection' ? `Selected lines ${attachment.startLine ?? '?'}–${attachment.endLine ?? attachment.startLine ?? '?'} of ${attachment.path}` : `Attached file ${attachment.path}`;
  if (content === undefined) return `${what}: could not be read; use read_file.`;
  const { text, note } = capped(content);
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${what}:\n${fence}\n${text}\n${fence}${note}`;
}

function capped(content: string): { text: string; note: string } {
  const lines = content.split('\n');
  let text = lines.length > maxAttachedLines ? lines.slice(0, maxAttachedLines).join('\n') : content;
  if (text.length > maxAttachedCharacters) text = text.slice(0, maxAttachedCharacters);
  if (text.length === content.length) return { text, note: '' };
  const shownLines = text.split('\n').length;
  return { text, note: `\n(Only the first ${shownLines} of ${lines.length} lines are attached; read the rest with read_file.)` };
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

import type { Message, TextBlock, UserMessage } from '../llm/messages';
import type { TodoItem } from '../todo/todoItem';
import { todoListText } from '../todo/todoListText';
import type { TouchedFile } from './touchedFiles';

const ORIGINAL_REQUEST_HEADING = "The user's original request, verbatim:";
const SUMMARY_HEADING = '[This conversation was compacted: earlier messages were replaced by the summary below.]';
const LATEST_REQUEST_HEADING = "## The user's latest message, verbatim";
const CONTINUE_NOTE = 'Continue the work from here:';
/** The note `verbatim` leaves at the end of a message it cut. */
const CUT_NOTE = /\n\[… [\d,]+ more characters of this message are in the archived transcript\]$/;
/** A request pasted with a huge log would defeat compaction; the summary holds the rest. */
const MAX_VERBATIM_CHARACTERS = 8_000;

/** The instruction that asks the model for the summary, sent after the conversation so far. */
export function summaryInstruction(focus: string | undefined): string {
  const focusLine = focus !== undefined && focus.trim() !== '' ? `\nGive most room to: ${focus.trim()}\n` : '';
  return `Your context window is filling up, so this conversation will be replaced by a summary you write now. Do not call any tools: reply with the summary only, in Markdown, using exactly these sections:

## Goal
The user's original request in their own words (quote them), and how it has changed since.
## Constraints and preferences
Everything the user asked for or ruled out about how to work (style, tools, files not to touch, commands to use or avoid).
## Decisions and findings
What you learned about the code and decided, with the facts needed to go on (names, paths, line numbers, error messages, command results).
## Files
Each file read, created, changed or deleted, with one line on what it holds or what changed.
## Work done
What is finished and checked.
## Remaining work
What is left, in order, starting with the very next step.
${focusLine}
Be specific and complete, but short: the summary must let you continue the task without the earlier messages.`;
}

export interface CompactedHistoryParts {
  /** The model's summary. */
  summary: string;
  /** The first request of the conversation, in the user's words. */
  originalRequest: string | undefined;
  /** The newest user message, when it is not the original request. */
  latestRequest: string | undefined;
  touchedFiles: readonly TouchedFile[];
  /** The model's task list, kept as it is rather than retold by the summary. */
  todos?: readonly TodoItem[];
  /** Where the full transcript was archived, when it was. */
  archive: string | undefined;
}

/**
 * The model-facing history after a summary: one user message holding the original request
 * verbatim (its own first block, so a later compaction finds it again), the summary, the
 * recently touched files and the latest request verbatim.
 */
export function compactedHistory(parts: CompactedHistoryParts): Message[] {
  const content: TextBlock[] = [];
  if (parts.originalRequest !== undefined) content.push({ type: 'text', text: `${ORIGINAL_REQUEST_HEADING}\n\n${verbatim(parts.originalRequest)}` });
  const sections = [SUMMARY_HEADING, parts.summary.trim()];
  if (parts.touchedFiles.length > 0) {
    sections.push(`## Recently touched files\n${parts.touchedFiles.map((file) => `- ${file.path} (${file.action})`).join('\n')}`);
  }
  if (parts.todos !== undefined && parts.todos.length > 0) sections.push(todoListText(parts.todos));
  if (parts.latestRequest !== undefined) sections.push(`${LATEST_REQUEST_HEADING}\n\n${verbatim(parts.latestRequest)}`);
  const archiveNote = parts.archive === undefined ? '' : ` The full earlier transcript is archived at ${parts.archive}.`;
  sections.push(`${CONTINUE_NOTE} files may have changed since you read them, so read them again before editing.${archiveNote}`);
  content.push({ type: 'text', text: sections.join('\n\n') });
  return [{ role: 'user', content }];
}

/** The user's own words that a compaction must keep: their first request and their latest message. */
export function userRequests(messages: readonly Message[]): { original: string | undefined; latest: string | undefined } {
  const requests = messages.filter((message): message is UserMessage => message.role === 'user');
  const first = requests[0];
  const original = first === undefined ? undefined : originalRequestOf(first);
  const latest = latestRequestOf(requests.at(-1), first);
  return { original, latest: latest === original ? undefined : latest };
}

/** Whether this user message is the summary a compaction left. */
export function isCompactedHistory(message: UserMessage): boolean {
  return message.content.some((block) => block.type === 'text' && block.text.startsWith(SUMMARY_HEADING));
}

function originalRequestOf(message: UserMessage): string | undefined {
  const first = message.content[0];
  if (first?.type === 'text' && first.text.startsWith(ORIGINAL_REQUEST_HEADING)) return first.text.slice(ORIGINAL_REQUEST_HEADING.length).trim();
  return isCompactedHistory(message) ? undefined : plainText(message);
}

/**
 * The newest user message's words; when the newest is the summary an earlier compaction left
 * (the user has not written since), the latest request that summary kept.
 */
function latestRequestOf(last: UserMessage | undefined, first: UserMessage | undefined): string | undefined {
  if (last === undefined) return undefined;
  if (!isCompactedHistory(last)) return last === first ? undefined : plainText(last);
  for (const block of last.content) {
    if (block.type !== 'text' || !block.text.startsWith(SUMMARY_HEADING)) continue;
    const heading = `\n\n${LATEST_REQUEST_HEADING}\n\n`;
    const start = block.text.lastIndexOf(heading);
    const end = block.text.lastIndexOf(`\n\n${CONTINUE_NOTE}`);
    return start < 0 || end < start ? undefined : block.text.slice(start + heading.length, end).trim();
  }
  return undefined;
}

function plainText(message: UserMessage): string {
  return message.content.map((block) => (block.type === 'text' ? block.text : `[image ${block.mediaType}]`)).join('\n').trim();
}

function verbatim(text: string): string {
  // Cut by an earlier compaction already: its note counts from the whole message, so it stays.
  const noteLength = CUT_NOTE.exec(text)?.[0].length ?? 0;
  if (text.length - noteLength <= MAX_VERBATIM_CHARACTERS) return text;
  // Never end on half of a character made of two UTF-16 units.
  const code = text.charCodeAt(MAX_VERBATIM_CHARACTERS - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_VERBATIM_CHARACTERS - 1 : MAX_VERBATIM_CHARACTERS;
  const omitted = text.length - end;
  return `${text.slice(0, end)}\n[… ${omitted.toLocaleString('en-US')} more characters of this message are in the archived transcript]`;
}

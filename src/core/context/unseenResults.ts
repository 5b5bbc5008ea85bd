import type { Message, ToolResultBlock } from '../llm/messages';
import { cutToolResult, textLength } from './toolResultCut';

/** A result is never cut below this: a page this short still says what it is and how to read on. */
const MIN_KEPT_CHARACTERS = 1_000;

/**
 * The history split where the model's view ends: `unseen` is the newest assistant message and
 * the tool results (and any messages) after it, which no request has shown the model yet;
 * empty when no tool results follow the newest assistant message.
 */
export function splitAtUnseen(messages: readonly Message[]): { earlier: Message[]; unseen: Message[] } {
  let lastAssistant = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]?.role === 'assistant') {
      lastAssistant = index;
      break;
    }
  }
  const hasResults = lastAssistant >= 0 && messages.slice(lastAssistant + 1).some((message) => message.role === 'tool');
  if (!hasResults) return { earlier: [...messages], unseen: [] };
  return { earlier: messages.slice(0, lastAssistant), unseen: messages.slice(lastAssistant) };
}

export interface UnseenResultsCut {
  messages: Message[];
  /** How many results were cut. */
  cut: number;
}

/**
 * Frees about `characters` from the unseen tool results by cutting the largest ones to one
 * common length (so small results stay whole), each with a note on what was cut and how to get
 * the rest. Earlier messages are the same objects.
 */
export function cutUnseenResults(messages: readonly Message[], characters: number): UnseenResultsCut {
  const { earlier, unseen } = splitAtUnseen(messages);
  const results = unseen.flatMap((message) => (message.role === 'tool' ? message.results : []));
  if (characters <= 0 || results.length === 0) return { messages: [...messages], cut: 0 };
  const keep = lengthToKeep(results.map(textLength), characters);
  let cut = 0;
  const shortened = unseen.map((message): Message => {
    if (message.role !== 'tool') return message;
    return {
      role: 'tool',
      results: message.results.map((result): ToolResultBlock => {
        const replacement = cutToolResult(result, keep);
        if (replacement !== result) cut++;
        return replacement;
      }),
    };
  });
  return { messages: [...earlier, ...shortened], cut };
}

/** The largest length L such that cutting every result to L frees at least `characters` (never below the minimum). */
function lengthToKeep(lengths: readonly number[], characters: number): number {
  const freedAt = (keep: number): number => lengths.reduce((sum, length) => sum + Math.max(0, length - keep), 0);
  let low = MIN_KEPT_CHARACTERS;
  let high = Math.max(low, ...lengths);
  if (freedAt(low) < characters) return low;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (freedAt(middle) >= characters) low = middle;
    else high = middle;
  }
  return low;
}

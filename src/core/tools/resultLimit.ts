import { CHARACTERS_PER_TOKEN } from '../context/tokenEstimate';

/** How much one tool result may hold so that it fits the model's context window. */
export interface ResultLimit {
  /** The whole result, in tokens as the quick count estimates them. */
  tokens: number;
  /** The same in characters: what the tools measure. */
  characters: number;
}

/**
 * One result may take a quarter of the room a request has (the window less the reply's
 * reserve). Beside it must fit the system prompt and tool definitions (about 3k tokens for
 * the built-in tools), the history or its summary, and often a second result of the same
 * turn: a 32k model gets pages of about 7k tokens, so two of them still go out below the
 * summary threshold. From a window of about 128k tokens up the share is larger than the
 * tools' own limits (100 KB of a file, 30,000 characters of command output), which then apply
 * as before.
 */
export const RESULT_SHARE_OF_WINDOW = 0.25;

/** A result's notes (where to read on, what was cut) and headers must fit beside its page. */
const NOTE_ROOM_CHARACTERS = 600;
/** Even a tiny window gets a page worth reading: below this, paging costs more turns than it saves. */
const MIN_RESULT_TOKENS = 500;

/**
 * The limit for a model's window and reply reserve (as the context budget has them).
 * `calibration` is how the provider's count compares with the quick count (reported ÷
 * estimated); where it counts more, pages get smaller.
 */
export function resultLimitFor(window: { windowTokens: number; outputReserve: number }, calibration = 1): ResultLimit {
  const room = Math.max(0, window.windowTokens - window.outputReserve);
  const tokens = Math.max(MIN_RESULT_TOKENS, Math.floor(room * RESULT_SHARE_OF_WINDOW));
  const characters = Math.floor((tokens * CHARACTERS_PER_TOKEN) / Math.max(1, Number.isFinite(calibration) ? calibration : 1));
  return { tokens, characters };
}

/**
 * The characters a tool may put in one page: its own limit, or less when the window is small
 * (room kept for the notes the tool adds). Without a limit (the window is unknown), the tool's own.
 */
export function pageCharacters(limit: ResultLimit | undefined, toolLimit: number): number {
  if (limit === undefined) return toolLimit;
  return Math.min(toolLimit, Math.max(NOTE_ROOM_CHARACTERS, limit.characters - NOTE_ROOM_CHARACTERS));
}

/** The first lines that fit in `maxCharacters` (at least one). */
export function linesWithin(lines: readonly string[], maxCharacters: number): string[] {
  let used = 0;
  let count = 0;
  for (const line of lines) {
    used += line.length + 1;
    if (count > 0 && used > maxCharacters) break;
    count++;
  }
  return lines.slice(0, count);
}

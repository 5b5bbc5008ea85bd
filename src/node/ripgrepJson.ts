/** One `match` message of `rg --json`. */
export interface RipgrepMatch {
  /** As ripgrep printed it (relative to its working folder). */
  path: string;
  line: number;
  /** The matching line without its line ending. */
  text: string;
}

/** ripgrep writes text that is not valid UTF-8 as base64 `bytes`. */
interface ArbitraryData {
  text?: string;
  bytes?: string;
}

interface MatchMessage {
  type: 'match';
  data: { path: ArbitraryData; lines: ArbitraryData; line_number: number | null };
}

/** The match in one line of `rg --json` output; `undefined` for other messages. */
export function parseRipgrepMatch(jsonLine: string): RipgrepMatch | undefined {
  let message: unknown;
  try {
    message = JSON.parse(jsonLine);
  } catch {
    return undefined;
  }
  if (!isMatchMessage(message)) return undefined;
  return {
    path: decode(message.data.path),
    line: message.data.line_number ?? 0,
    text: decode(message.data.lines).replace(/\r?\n$/, ''),
  };
}

function isMatchMessage(message: unknown): message is MatchMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, data } = message as { type?: unknown; data?: unknown };
  return type === 'match' && typeof data === 'object' && data !== null && 'path' in data && 'lines' in data;
}

function decode(data: ArbitraryData): string {
  if (data.text !== undefined) return data.text;
  return Buffer.from(data.bytes ?? '', 'base64').toString('utf8');
}

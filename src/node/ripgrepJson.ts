/** One `match` message of `rg --json`. */
export interface RipgrepMatch {
  /** As ripgrep printed it (relative to its working folder). */
  path: string;
  line: number;
  /** The matching line without its line ending. */
  text: string;
  /** Where the first match starts in `text` (UTF-16 code units), from ripgrep's byte offset. */
  column?: number;
}

/** ripgrep writes text that is not valid UTF-8 as base64 `bytes`. */
interface ArbitraryData {
  text?: string;
  bytes?: string;
}

interface MatchMessage {
  type: 'match';
  data: { path: ArbitraryData; lines: ArbitraryData; line_number: number | null; submatches?: Array<{ start?: number }> };
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
  const text = decode(message.data.lines).replace(/\r?\n$/, '');
  const byteOffset = message.data.submatches?.[0]?.start;
  return {
    path: decode(message.data.path),
    line: message.data.line_number ?? 0,
    text,
    ...(typeof byteOffset === 'number' ? { column: columnOfByte(message.data.lines, byteOffset) } : {}),
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

/** A byte offset into the line ripgrep printed, as an offset into its decoded text. */
function columnOfByte(lines: ArbitraryData, byteOffset: number): number {
  const bytes = lines.text !== undefined ? Buffer.from(lines.text, 'utf8') : Buffer.from(lines.bytes ?? '', 'base64');
  return bytes.subarray(0, byteOffset).toString('utf8').length;
}

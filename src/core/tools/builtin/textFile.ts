import { looksBinary } from '../../search/binaryContent';
import { describeBinary } from './binaryDescription';

const BYTE_ORDER_MARK = '\uFEFF';
/** More replacement characters than this share means the file is not text in UTF-8. */
const MAX_INVALID_SHARE = 0.05;

export type LineEnding = '\n' | '\r\n';

export interface TextContent {
  kind: 'text';
  /** Without the byte order mark; line endings as in the file. */
  text: string;
  hasBom: boolean;
  /** The line ending most lines use. */
  lineEnding: LineEnding;
  /** Some bytes were not UTF-8 and show as U+FFFD. */
  hasInvalidBytes: boolean;
}

export interface BinaryContent {
  kind: 'binary';
  /** e.g. `PNG image, 12.3 KB`. */
  description: string;
}

export function decodeFile(bytes: Uint8Array): TextContent | BinaryContent {
  if (looksBinary(bytes)) return { kind: 'binary', description: describeBinary(bytes) };
  let text: string;
  let hasInvalidBytes = false;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const invalid = text.match(/\uFFFD/g)?.length ?? 0;
    if (invalid > text.length * MAX_INVALID_SHARE) return { kind: 'binary', description: describeBinary(bytes) };
    hasInvalidBytes = true;
  }
  const hasBom = text.startsWith(BYTE_ORDER_MARK);
  if (hasBom) text = text.slice(1);
  return { kind: 'text', text, hasBom, lineEnding: dominantLineEnding(text), hasInvalidBytes };
}

/** Counted with `indexOf`, not `match`: a 10 MB file's 200,000 matches would be as many strings. */
export function dominantLineEnding(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (index > 0 && text.charCodeAt(index - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** Text from the model (usually `\n`) with the file's line ending. */
export function withLineEnding(text: string, lineEnding: LineEnding): string {
  const lf = text.replace(/\r\n/g, '\n');
  return lineEnding === '\n' ? lf : lf.replace(/\n/g, '\r\n');
}

/** The lines of a text, without line endings; a final line break does not start a line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

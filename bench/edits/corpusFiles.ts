import { decodeFile, type LineEnding } from '../../src/core/tools/builtin/textFile';
import { buildCorpus, type BuiltCorpus } from './buildCorpus';
import type { Language } from './editAttempt';

/** How a corpus file's bytes were changed before decoding: not at all, every `\n` made `\r\n`, or a UTF-8 byte order mark put first. */
export type FileVariant = 'as stored' | 'CRLF' | 'BOM';

/** A corpus file decoded the way edit_file decodes it. */
export interface CorpusFile {
  /** e.g. `go/flatted.go`, with ` (CRLF)` or ` (BOM)` for a variant. */
  shownPath: string;
  language: Language;
  variant: FileVariant;
  /** Without the byte order mark. */
  text: string;
  lineEnding: LineEnding;
}

/** Every corpus file this machine has (bench/edits/corpusSources.ts), in a stable order (by shown path), as installed. */
export function loadCorpus(built: BuiltCorpus = buildCorpus()): CorpusFile[] {
  return built.files.map(({ shownPath, language, text, lineEnding }) => ({ shownPath, language, variant: 'as stored', text, lineEnding }));
}

/** The file with its bytes changed as `variant` says, decoded again: what edit_file would see if the file were saved that way. */
export function variantOf(file: CorpusFile, variant: FileVariant): CorpusFile {
  if (variant === 'as stored' || file.variant !== 'as stored') return file;
  const stored = Buffer.from(file.text, 'utf8');
  const bytes = variant === 'CRLF'
    ? Buffer.from(file.text.replace(/\r?\n/g, '\r\n'), 'utf8')
    : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), stored]);
  return decodeVariant(`${file.shownPath} (${variant})`, file.language, variant, bytes);
}

function decodeVariant(shownPath: string, language: Language, variant: FileVariant, bytes: Uint8Array): CorpusFile {
  const decoded = decodeFile(bytes);
  if (decoded.kind !== 'text') throw new Error(`corpus file ${shownPath} does not decode as text`);
  return { shownPath, language, variant, text: decoded.text, lineEnding: decoded.lineEnding };
}

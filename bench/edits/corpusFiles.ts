import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeFile, type LineEnding } from '../../src/core/tools/builtin/textFile';
import type { Language } from './editAttempt';

export const CORPUS_DIR = path.join(__dirname, 'corpus');

const LANGUAGE_OF_FOLDER: Readonly<Record<string, Language>> = {
  typescript: 'TypeScript',
  python: 'Python',
  go: 'Go',
  rust: 'Rust',
  json: 'JSON',
  markdown: 'Markdown',
  css: 'CSS',
  shell: 'shell',
};

/** How a corpus file's bytes were changed before decoding: not at all, every `\n` made `\r\n`, or a UTF-8 byte order mark put first. */
export type FileVariant = 'as stored' | 'CRLF' | 'BOM';

/** A corpus file decoded the way edit_file decodes it. */
export interface CorpusFile {
  /** e.g. `go/uuid.go`, with ` (CRLF)` or ` (BOM)` for a variant. */
  shownPath: string;
  language: Language;
  variant: FileVariant;
  /** Without the byte order mark. */
  text: string;
  lineEnding: LineEnding;
}

/** Every stored corpus file in a stable order (folder, then name), as stored. */
export function loadCorpus(directory = CORPUS_DIR): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const folder of Object.keys(LANGUAGE_OF_FOLDER).sort()) {
    const language = LANGUAGE_OF_FOLDER[folder] as Language;
    for (const name of fs.readdirSync(path.join(directory, folder)).sort()) {
      files.push(decodeVariant(`${folder}/${name}`, language, 'as stored', fs.readFileSync(path.join(directory, folder, name))));
    }
  }
  return files;
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

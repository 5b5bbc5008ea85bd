import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeFile, type LineEnding } from '../../src/core/tools/builtin/textFile';
import { CORPUS_ENTRIES, type CorpusEntry, type SourceCandidate } from './corpusSources';
import type { Language } from './editAttempt';
import { lookUpDebianOwners } from './debianPackages';
import { debianCandidateFiles, findSource, thisMachine, type CorpusMachine } from './findSource';

const FOLDER_OF_LANGUAGE: Readonly<Record<Language, string>> = {
  TypeScript: 'typescript',
  Python: 'python',
  Go: 'go',
  Rust: 'rust',
  JSON: 'json',
  Markdown: 'markdown',
  CSS: 'css',
  shell: 'shell',
};

/** A corpus file read from the machine, decoded the way edit_file decodes it, with what it comes from. */
export interface SourcedFile {
  /** e.g. `python/textwrap.py`: the language's folder and the file's name in the corpus. */
  shownPath: string;
  language: Language;
  /** Without a byte order mark. */
  text: string;
  lineEnding: LineEnding;
  /** e.g. `npm zod: src/v4/core/parse.ts`, `Debian libc-bin: /usr/bin/tzselect`. */
  source: string;
  version: string;
}

/** An entry none of whose candidates this machine has as text, with why each was passed over and what would add it. */
export interface SkippedEntry {
  shownPath: string;
  language: Language;
  reasons: string[];
  install: string;
}

export interface BuiltCorpus {
  /** In a stable order: by shown path. */
  files: SourcedFile[];
  skipped: SkippedEntry[];
}

/**
 * The corpus read from this machine's files at their installed versions: for each entry its first candidate that is
 * there and is UTF-8 text. Nothing is copied; an entry with none is skipped and named, never an error.
 */
export function buildCorpus(entries: readonly CorpusEntry[] = CORPUS_ENTRIES, machine: CorpusMachine = thisMachine()): BuiltCorpus {
  const files: SourcedFile[] = [];
  const skipped: SkippedEntry[] = [];
  lookUpDebianOwners(debianCandidateFiles(entries.flatMap((entry) => entry.candidates), machine));
  for (const entry of entries) {
    const reasons: string[] = [];
    const file = entry.candidates.map((candidate) => readCandidate(entry.language, candidate, machine, reasons)).find((read) => read !== undefined);
    if (file) files.push(file);
    else skipped.push({ shownPath: shownPathOf(entry.language, entry.candidates[0]), language: entry.language, reasons, install: entry.install });
  }
  const byPath = (a: { shownPath: string }, b: { shownPath: string }): number => (a.shownPath < b.shownPath ? -1 : a.shownPath > b.shownPath ? 1 : 0);
  return { files: files.sort(byPath), skipped: skipped.sort(byPath) };
}

function readCandidate(language: Language, candidate: SourceCandidate, machine: CorpusMachine, reasons: string[]): SourcedFile | undefined {
  const found = findSource(candidate, machine);
  if ('missing' in found) {
    reasons.push(found.missing);
    return undefined;
  }
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(found.file);
  } catch (error) {
    reasons.push(`${found.file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return undefined;
  }
  const decoded = decodeFile(bytes);
  if (decoded.kind !== 'text' || decoded.hasInvalidBytes) {
    reasons.push(`${found.file} is not UTF-8 text`);
    return undefined;
  }
  return { shownPath: shownPathOf(language, candidate), language, text: decoded.text, lineEnding: decoded.lineEnding, source: found.source, version: found.version };
}

function shownPathOf(language: Language, candidate: SourceCandidate | undefined): string {
  return `${FOLDER_OF_LANGUAGE[language]}/${candidate?.name ?? path.basename(candidate?.path ?? 'none')}`;
}

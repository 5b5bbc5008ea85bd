import type { BuiltCorpus } from './buildCorpus';
import type { Language } from './editAttempt';

/** The corpus this run read: each file with its lines, source and version, then what was skipped and what would add it. */
export function formatCorpusReport(corpus: BuiltCorpus): string {
  const languages = new Set<Language>(corpus.files.map((file) => file.language));
  const rows = corpus.files.map((file) => [file.shownPath, file.language, String(lineCount(file.text)), file.source, file.version]);
  const absent = [...new Set(corpus.skipped.map((entry) => entry.language))].filter((language) => !languages.has(language));
  return [
    `Edit corpus: ${counted(corpus.files.length, 'file')} in ${counted(languages.size, 'language')}, read from this machine's packages at their installed versions (none is kept in the repository):\n`,
    table(['file', 'language', 'lines', 'source', 'version'], rows),
    ...(corpus.skipped.length === 0 ? [] : [
      '',
      `Skipped, not on this machine (${corpus.skipped.length}):`,
      ...corpus.skipped.map((entry) => `  ${entry.shownPath} (${entry.language}): ${entry.reasons.join('; ')}. To add it: ${entry.install}.`),
    ]),
    ...absent.map((language) => `No ${language} file this run: the numbers leave ${language} out.`),
  ].join('\n');
}

function table(header: readonly string[], body: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...body.map(line)].join('\n');
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

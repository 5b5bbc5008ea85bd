import { terminalText } from '../tools/builtin/commands/terminalText';

/** Most problems attached; errors come first. */
export const maxAttachedProblems = 50;
/** The tail of a command's output that is attached. */
export const maxTerminalLines = 200;
export const maxTerminalCharacters = 16_000;
/** Most of a working-tree diff that is attached; whole files' diffs are kept or left out. */
export const maxDiffCharacters = 24_000;
/** Most paths listed for a folder. */
export const maxFolderEntries = 300;

export type ProblemSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface Problem {
  /** As shown: workspace-relative, `/`-separated. */
  path: string;
  /** 1-based. */
  line: number;
  column: number;
  severity: ProblemSeverity;
  message: string;
  source?: string;
}

/** Text for the model and how many entries it covers. */
export interface MentionText {
  text: string;
  count: number;
}

const severityOrder: readonly ProblemSeverity[] = ['error', 'warning', 'information', 'hint'];

/** The workspace's problems, errors first, one a line, capped at `maxAttachedProblems`. */
export function problemsText(problems: readonly Problem[]): MentionText {
  if (problems.length === 0) return { text: 'No problems are reported in the workspace.', count: 0 };
  const sorted = [...problems].sort((a, b) => severityOrder.indexOf(a.severity) - severityOrder.indexOf(b.severity) || a.path.localeCompare(b.path) || a.line - b.line);
  const shown = sorted.slice(0, maxAttachedProblems).map((problem) => {
    const source = problem.source === undefined ? '' : ` [${problem.source}]`;
    return `${problem.path}:${problem.line}:${problem.column} ${problem.severity}${source}: ${problem.message.replace(/\s*\n\s*/g, ' ')}`;
  });
  const left = sorted.length - shown.length;
  const note = left > 0 ? `\n(${left} more problems are not attached; run the project's type checker or linter to see them all.)` : '';
  return { text: `${shown.join('\n')}${note}`, count: problems.length };
}

export interface LastCommand {
  command: string;
  /** Raw, as the terminal printed it (escapes and `\r` included). */
  output: string;
  exitCode: number | undefined;
}

/** The Elbow terminal's last command and the tail of its output. */
export function terminalOutputText(last: LastCommand | undefined): MentionText {
  if (last === undefined) return { text: 'No command has run in the Elbow terminal yet.', count: 0 };
  const lines = terminalText(last.output).replace(/\n+$/, '').split('\n');
  let tail = lines.slice(-maxTerminalLines).join('\n');
  if (tail.length > maxTerminalCharacters) tail = tail.slice(-maxTerminalCharacters);
  const keptLines = tail.split('\n').length;
  const note = keptLines < lines.length ? `(Only the last ${keptLines} of ${lines.length} lines are attached; run the command again to see the rest.)\n` : '';
  const exit = last.exitCode === undefined ? 'exit code unknown' : `exit code ${last.exitCode}`;
  return { text: `$ ${last.command}\n(${exit})\n${note}${tail}`, count: lines.length };
}

/** A working-tree diff, whole files' diffs up to `maxDiffCharacters`; the files left out are named. */
export function gitChangesText(diff: string): MentionText {
  const sections = diff.split(/^(?=diff --git )/m).filter((section) => section.trim() !== '');
  if (sections.length === 0) return { text: 'There are no uncommitted changes.', count: 0 };
  const kept: string[] = [];
  const left: string[] = [];
  let size = 0;
  for (const section of sections) {
    if (size + section.length <= maxDiffCharacters) {
      kept.push(section);
      size += section.length;
    } else {
      left.push(/^diff --git a\/(.*?) b\//.exec(section)?.[1] ?? section.split('\n', 1)[0] ?? '');
    }
  }
  const note = left.length > 0 ? `\n(The diffs of ${left.length} more changed files are not attached, to keep the message small: ${left.join(', ')}. Run \`git diff -- <path>\` to see one.)` : '';
  return { text: `${kept.join('').replace(/\n+$/, '')}${note}`, count: sections.length };
}

/** The files and folders under `folder` (not their contents), from a workspace listing. */
export function folderListingText(folder: string, entries: readonly { kind: 'file' | 'folder'; path: string }[]): MentionText {
  const prefix = `${folder}/`;
  const inside = entries.filter((entry) => entry.path.startsWith(prefix)).map((entry) => entry.path.slice(prefix.length) + (entry.kind === 'folder' ? '/' : ''));
  if (inside.length === 0) return { text: '(The folder is empty, or everything in it is ignored.)', count: 0 };
  const shown = inside.slice(0, maxFolderEntries);
  const note = inside.length > shown.length ? `\n(${inside.length - shown.length} more entries are not listed; use list_files on a subfolder.)` : '';
  return { text: `${shown.join('\n')}${note}`, count: inside.length };
}

import { problemLines } from '../diagnostics/problemList';
import type { Problem } from '../host/workspaceDiagnostics';
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

/** Text for the model and how many entries it covers. */
export interface MentionText {
  text: string;
  count: number;
}

/** The workspace's problems, errors first, one a line as the problems tool writes them, capped at `maxAttachedProblems`; `shown` makes a path workspace-relative. */
export function problemsText(problems: readonly Problem[], shown: (path: string) => string): MentionText {
  if (problems.length === 0) return { text: 'No problems are reported in the workspace.', count: 0 };
  const lines = problemLines(problems, shown, maxAttachedProblems);
  const left = problems.length - maxAttachedProblems;
  if (left > 0) lines.splice(-1, 1, `(${left} more problems are not attached; run the project's type checker or linter to see them all.)`);
  return { text: lines.join('\n'), count: problems.length };
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

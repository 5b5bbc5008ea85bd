// Reading a unified diff (a proposal's or a protected file's change) line by line for display, in the chat and on the terminal.

export type DiffLineKind = 'add' | 'remove' | 'hunk' | 'header' | 'context';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

const hunkHeader = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * The lines of a unified diff, each with what it shows. Inside a hunk the counts of its `@@` header decide, so a
 * removed `-- comment` line (`--- comment`) is still a removal; outside one, `---`/`+++` are file headers.
 */
export function diffLines(diff: string): DiffLine[] {
  const lines = diff.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  let oldLeft = 0;
  let newLeft = 0;
  return lines.map((text): DiffLine => {
    if (oldLeft > 0 || newLeft > 0) {
      if (text.startsWith('-') && oldLeft > 0) {
        oldLeft--;
        return { kind: 'remove', text };
      }
      if (text.startsWith('+') && newLeft > 0) {
        newLeft--;
        return { kind: 'add', text };
      }
      if (text.startsWith(' ') || text === '') {
        oldLeft = Math.max(0, oldLeft - 1);
        newLeft = Math.max(0, newLeft - 1);
        return { kind: 'context', text };
      }
    }
    if (text.startsWith('\\')) return { kind: 'context', text };
    const hunk = hunkHeader.exec(text);
    if (hunk !== null) {
      oldLeft = Number(hunk[1] ?? '1');
      newLeft = Number(hunk[2] ?? '1');
      return { kind: 'hunk', text };
    }
    oldLeft = 0;
    newLeft = 0;
    return { kind: plainLineKind(text), text };
  });
}

/** Outside a well-formed hunk: by the first characters alone. */
function plainLineKind(text: string): DiffLineKind {
  if (text.startsWith('+++') || text.startsWith('---') || text.startsWith('diff ') || text.startsWith('Index: ') || text.startsWith('====')) return 'header';
  if (text.startsWith('@@')) return 'hunk';
  if (text.startsWith('+')) return 'add';
  if (text.startsWith('-')) return 'remove';
  return 'context';
}

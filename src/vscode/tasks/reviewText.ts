import { applyPatch, structuredPatch } from 'diff';
import type { WorktreeFileChange } from './worktreeStore';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const byteOrderMark = '\uFEFF';

/** What a task's change of one file proposes for the workspace's file as it is now. */
export type ProposedText =
  /** `after`: the new text (`undefined` deletes the file); `stale` when the file changed since the task began. */
  | { kind: 'text'; after: string | undefined; stale: boolean }
  | { kind: 'unchanged' }
  /** Not UTF-8 text: review could not put it back, so it stays on the branch. */
  | { kind: 'notText' }
  /** A symbolic link or a submodule: not a document's text, so it stays on the branch. */
  | { kind: 'notFile' };

/**
 * The task's change (from its base to its end) made to `current`, the workspace's text now (`undefined`: no file).
 * When the workspace's file is no longer what the task began from, the task's edits are made to the current text
 * where they still fit, else its whole new text is proposed: review shows the difference either way.
 */
export function proposedText(change: WorktreeFileChange, current: string | undefined): ProposedText {
  if (change.kind !== 'file') return { kind: 'notFile' };
  const base = change.before === undefined ? undefined : textOf(change.before);
  const after = change.after === undefined ? undefined : textOf(change.after);
  if (base === null || after === null) return { kind: 'notText' };
  const stale = current !== base;
  if (!stale) return after === current ? { kind: 'unchanged' } : { kind: 'text', after, stale };
  if (after === undefined) return current === undefined ? { kind: 'unchanged' } : { kind: 'text', after: undefined, stale };
  if (current === undefined || base === undefined) return { kind: 'text', after, stale };
  const merged = applyPatch(current, structuredPatch('', '', base, after));
  const text = merged === false ? after : merged;
  return text === current ? { kind: 'unchanged' } : { kind: 'text', after: text, stale };
}

/** The bytes as a document holds them (no byte order mark), or `null` when they are not UTF-8 text. */
function textOf(bytes: Uint8Array): string | null {
  try {
    const text = strictUtf8.decode(bytes);
    return text.startsWith(byteOrderMark) ? text.slice(1) : text;
  } catch {
    return null;
  }
}

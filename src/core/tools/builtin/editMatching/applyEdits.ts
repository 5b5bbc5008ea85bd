import { ToolError } from '../../../toolContract/toolError';
import { regionLineIndexes } from '../lineChanges';
import { lineSpan } from './textLines';
import { locateEdit, type EditRequest, type EditTarget, type LocatedEdit, type MatchOptions } from './locateEdit';

/** One located replacement, placed in the edited text. */
export interface AppliedEdit extends LocatedEdit {
  /** The replaced text, and where its replacement now is in the edited text. */
  before: string;
  editedStart: number;
  editedEnd: number;
}

/**
 * Locates every request in the target's text as it is now (before any of them), then applies them all, or none:
 * a request that is refused or two that overlap refuse the whole call, naming which and why.
 */
export function applyEdits(target: EditTarget, requests: readonly EditRequest[], options?: MatchOptions): { text: string; edits: AppliedEdit[] } {
  const located = requests.map((request, index) => {
    const location = locateEdit(target, request, options);
    if (location.kind === 'found') return { index, edit: location.edit };
    if (requests.length === 1) throw new ToolError(location.reason);
    throw new ToolError(`Edit ${index + 1} of ${requests.length}: ${location.reason}\nNo edit was applied; the file is unchanged.`);
  });
  const ordered = [...located].sort((a, b) => a.edit.start - b.edit.start);
  for (let position = 1; position < ordered.length; position++) {
    const previous = ordered[position - 1] as (typeof ordered)[number];
    const next = ordered[position] as (typeof ordered)[number];
    if (next.edit.start < previous.edit.end) {
      throw new ToolError(
        `Edits ${previous.index + 1} and ${next.index + 1} overlap (${lineRange(target.text, previous.edit)} and ${lineRange(target.text, next.edit)}): each old_str must name a separate region of the file. Merge them into one edit. No edit was applied; the file is unchanged.`,
      );
    }
  }
  let text = '';
  let copied = 0;
  const applied: AppliedEdit[] = [];
  for (const { edit } of ordered) {
    text += target.text.slice(copied, edit.start);
    const editedStart = text.length;
    text += edit.newText;
    applied.push({ ...edit, before: target.text.slice(edit.start, edit.end), editedStart, editedEnd: text.length });
    copied = edit.end;
  }
  return { text: text + target.text.slice(copied), edits: applied };
}

/** `lines 3–5` or `line 3`, 1-based, of a region of `text`. */
export function lineRange(text: string, region: { start: number; end: number }): string {
  const { first, last } = regionLineIndexes(text, region.start, region.end);
  return lineSpan(first, last - first + 1);
}

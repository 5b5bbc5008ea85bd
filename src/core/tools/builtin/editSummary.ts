import type { AppliedEdit } from './editMatching/applyEdits';
import { countChangedLines, numberedSnippet, regionLineIndexes } from './lineChanges';

const MAX_PLACES_NAMED = 3;
const MAX_REGIONS_SHOWN = 5;

/**
 * Where the edits are, so that two edits of one file can be told apart: `:3–5` (lines 3 to 5), `:3`, `:3–5, 12`
 * for a few edits in one call, or ` (4 places)`. `occurrenceCount`: how many places replace_all replaced.
 */
export function editedPlaces(text: string, edits: readonly AppliedEdit[], occurrenceCount = 1): string {
  const count = Math.max(occurrenceCount, edits.length);
  if (occurrenceCount > 1 || edits.length > MAX_PLACES_NAMED) return ` (${count} places)`;
  return `:${edits.map((edit) => editedLines(text, edit)).join(', ')}`;
}

/** Lines added and removed in all, and for the model each edited region as it now reads, with how it matched when not exactly. */
export function editedRegions(text: string, edits: readonly AppliedEdit[], occurrenceCount = 1): { added: number; removed: number; content: string } {
  let added = 0;
  let removed = 0;
  for (const edit of edits) {
    const changed = countChangedLines(edit.before, edit.newText);
    added += changed.added * occurrenceCount;
    removed += changed.removed * occurrenceCount;
  }
  const single = edits.length === 1 ? edits[0] : undefined;
  if (single !== undefined) {
    const matched = single.tolerance === undefined ? '' : ` It ${single.tolerance}.`;
    const region = occurrenceCount > 1 ? 'first edited region' : 'edited region';
    return { added, removed, content: `${matched} The ${region} now reads:\n${numberedSnippet(text, single.editedStart, single.editedEnd)}` };
  }
  const shown = edits.slice(0, MAX_REGIONS_SHOWN).map((edit) => {
    const matched = edit.tolerance === undefined ? '' : ` (${edit.tolerance})`;
    const lines = editedLines(text, edit);
    const label = lines.includes('–') ? `Lines ${lines}${matched} now read` : `Line ${lines}${matched} now reads`;
    return `\n${label}:\n${numberedSnippet(text, edit.editedStart, edit.editedEnd)}`;
  });
  const more = edits.length > MAX_REGIONS_SHOWN ? `\n(${edits.length - MAX_REGIONS_SHOWN} more edited regions not shown.)` : '';
  return { added, removed, content: shown.join('') + more };
}

/** `3–5` or `3`: the lines an edit's new text occupies in the edited text. */
function editedLines(text: string, edit: AppliedEdit): string {
  const { first, last } = regionLineIndexes(text, edit.editedStart, edit.editedEnd);
  return first === last ? `${first + 1}` : `${first + 1}–${last + 1}`;
}

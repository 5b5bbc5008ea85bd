import { describeMissingOldStr } from '../closestMatch';
import type { EditLocation, EditRequest, EditTarget, MatchOptions } from './editTypes';
import { exactMatch } from './exactMatch';
import { matchingLadder } from './matchingLadder';

export type { EditLocation, EditRequest, EditTarget, LocatedEdit, MatchOptions } from './editTypes';
export { occurrences } from './exactMatch';

/**
 * Finds the one region of the target that old_str names. An exact match comes first (with the file's line ending,
 * then as given); when there is none, the matching ladder tries each tolerance in turn, and a step applies only when
 * it finds exactly one region. Anything else is refused with a reason that points the retry the right way.
 */
export function locateEdit(target: EditTarget, request: EditRequest, options: MatchOptions = { ladder: true }): EditLocation {
  if (request.oldStr === '') return { kind: 'refused', reason: `old_str is empty: give the exact text of ${target.shownPath} to replace.` };
  const exact = exactMatch(target, request);
  if (exact) return exact;
  if (options.ladder) return matchingLadder(target, request);
  return { kind: 'refused', reason: describeMissingOldStr(target.shownPath, target.text, request.oldStr, request.newStr) };
}

import type { EditRequest, EditTarget } from '../../src/core/tools/builtin/editMatching/locateEdit';

/** How the model's copy of the region differs from the file: each is a mistake weaker models make. */
export const CORRUPTION_CLASSES = ['trailing whitespace', 'indentation shifted', 'tabs ↔ spaces', 'line-number prefixes', 'typographic look-alikes', 'one word off', 'combined'] as const;
/**
 * Every near miss: the mistakes above, a word mistyped in old_str only (new_str has the file's line), and old_str that
 * starts or ends in the middle of a line, with one of the mistakes.
 */
export const NEAR_MISS_CLASSES = [...CORRUPTION_CLASSES, 'typo in old_str only, kept line', 'mid-line'] as const;
/** Edits the exact match already lands: the region as in the file, or with `\n` on a CRLF or byte-order-marked file. */
export const EXACT_CLASSES = ['clean', 'CRLF or BOM file, \\n old_str'] as const;
/** Requests that name no single intended region; applying them anywhere is wrong. */
export const REFUSAL_CLASSES = [
  'ambiguous',
  'ambiguous across steps',
  'not present',
  'closer to another region',
  'already applied',
  'already applied, overlapping',
  'typo in old_str only, changed line',
] as const;

export type CorruptionClass = (typeof CORRUPTION_CLASSES)[number];
export type NearMissClass = (typeof NEAR_MISS_CLASSES)[number];
export type EditClass = (typeof EXACT_CLASSES)[number] | NearMissClass;
export type RefusalClass = (typeof REFUSAL_CLASSES)[number];
export type AttemptClass = EditClass | RefusalClass;

export const ATTEMPT_CLASSES: readonly AttemptClass[] = [...EXACT_CLASSES, ...NEAR_MISS_CLASSES, ...REFUSAL_CLASSES];

export type Language = 'TypeScript' | 'Python' | 'Go' | 'Rust' | 'JSON' | 'Markdown' | 'CSS' | 'shell';

/** What a correct answer to the attempt is: the file with the intended edit applied, or no edit at all. */
export type Expected = { kind: 'applied'; text: string } | { kind: 'refused' };

/** One edit_file call as a model might send it, on one corpus file, with the outcome it should have. */
export interface EditAttempt {
  /** Stable within a seed, e.g. `go/uuid.go#indentation shifted#2`. */
  id: string;
  attemptClass: AttemptClass;
  language: Language;
  target: EditTarget;
  request: EditRequest;
  expected: Expected;
}

export function isRefusalClass(attemptClass: AttemptClass): attemptClass is RefusalClass {
  return (REFUSAL_CLASSES as readonly string[]).includes(attemptClass);
}

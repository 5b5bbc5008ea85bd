import { createRandom, type Random } from '../random';
import { variantOf, type CorpusFile } from './corpusFiles';
import { corrupt, MIN_TYPO_BLOCK_LINES, typoInOldStrOnly, type Draft } from './corruptions';
import { EXACT_CLASSES, NEAR_MISS_CLASSES, REFUSAL_CLASSES, type CorruptionClass, type EditAttempt, type EditClass, type RefusalClass } from './editAttempt';
import { pickIntendedEdit } from './intendedEdit';
import { cutMidLine, midLineMistake } from './midLine';
import { countOf, draftOf, draftRefusal, requestOf } from './refusals';

export interface GenerationOptions {
  seed: number;
  /** Attempts of each edit class on each file. */
  editsPerFile: number;
  /** Attempts of each must-refuse class on each file. */
  refusalsPerFile: number;
}

export const DEFAULT_GENERATION: GenerationOptions = { seed: 19, editsPerFile: 2, refusalsPerFile: 2 };

/** Draws per attempt before giving up on it (a region without indentation has no tabs to swap, say). */
const MAX_DRAWS = 40;
/** Share of attempts made on the file saved with CRLF line endings, besides the CRLF class itself. */
const CRLF_SHARE = 0.15;

/**
 * Every attempt for the corpus, the same for the same seed: each edit class and each must-refuse class a few times on
 * each file. Each attempt draws from its own generator, seeded by the seed, the file, the class and its number, so
 * that a change to one class leaves the others' attempts as they were.
 */
export function generateAttempts(files: readonly CorpusFile[], options: GenerationOptions = DEFAULT_GENERATION): EditAttempt[] {
  const attempts: EditAttempt[] = [];
  for (const file of files) {
    for (const editClass of [...EXACT_CLASSES, ...NEAR_MISS_CLASSES]) {
      for (let number = 0; number < options.editsPerFile; number++) {
        const random = createRandom(seedOf(options.seed, file.shownPath, editClass, number));
        const attempt = editAttempt(file, editClass, number, random);
        if (attempt) attempts.push(attempt);
      }
    }
    for (const refusalClass of REFUSAL_CLASSES) {
      for (let number = 0; number < options.refusalsPerFile; number++) {
        const random = createRandom(seedOf(options.seed, file.shownPath, refusalClass, number));
        const attempt = refusalAttempt(file, files, refusalClass, number, random);
        if (attempt) attempts.push(attempt);
      }
    }
  }
  return attempts;
}

function editAttempt(stored: CorpusFile, editClass: EditClass, number: number, random: Random): EditAttempt | undefined {
  const file = editClass === 'CRLF or BOM file, \\n old_str'
    ? variantOf(stored, number % 2 === 0 ? 'CRLF' : 'BOM')
    : variantOf(stored, random.chance(CRLF_SHARE) ? 'CRLF' : 'as stored');
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const intended = pickIntendedEdit(file, random);
    if (!intended) continue;
    let clean = draftOf(intended);
    let sent: Draft | undefined;
    if (editClass === 'mid-line') {
      const cut = cutMidLine(clean, random);
      // A part of a line that the file has more than once names no one place, even written exactly.
      if (!cut || countOf(file.text, requestOf(cut).oldStr, file) !== 1) continue;
      clean = cut;
      sent = midLineMistake(cut, random);
    } else {
      sent = nearMiss(clean, editClass, random);
    }
    if (!sent) continue;
    const request = requestOf(sent);
    const exactMatches = countOf(file.text, request.oldStr, file);
    // A near miss that the file has exactly elsewhere names that other region: no matcher could know it was meant here.
    if (sent === clean ? exactMatches !== 1 : exactMatches !== 0) continue;
    return {
      id: `${file.shownPath}#${editClass}#${number}`,
      attemptClass: editClass,
      language: file.language,
      target: { text: file.text, lineEnding: file.lineEnding, shownPath: file.shownPath },
      request,
      expected: { kind: 'applied', text: intended.expectedText },
    };
  }
  return undefined;
}

/** The draft as sent for `editClass`: unchanged for the exact classes. */
function nearMiss(clean: Draft, editClass: EditClass, random: Random): Draft | undefined {
  if ((EXACT_CLASSES as readonly string[]).includes(editClass)) return clean;
  if (editClass === 'typo in old_str only, kept line') return clean.oldLines.length >= MIN_TYPO_BLOCK_LINES ? typoInOldStrOnly(clean, 'kept', random) : undefined;
  return corrupt(clean, editClass as CorruptionClass, random);
}

function refusalAttempt(stored: CorpusFile, files: readonly CorpusFile[], refusalClass: RefusalClass, number: number, random: Random): EditAttempt | undefined {
  const file = variantOf(stored, random.chance(CRLF_SHARE) ? 'CRLF' : 'as stored');
  const others = files.filter((other) => other !== stored);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const drafted = draftRefusal(refusalClass, file, others, random);
    // Exactly one exact match is a request for that region, whatever the model meant.
    if (!drafted || countOf(drafted.text, drafted.request.oldStr, file) === 1) continue;
    return {
      id: `${file.shownPath}#${refusalClass}#${number}`,
      attemptClass: refusalClass,
      language: file.language,
      target: { text: drafted.text, lineEnding: file.lineEnding, shownPath: file.shownPath },
      request: drafted.request,
      expected: { kind: 'refused' },
    };
  }
  return undefined;
}

/** FNV-1a over the attempt's coordinates: a seed of its own for each attempt. */
function seedOf(seed: number, ...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const character of parts.join('\u0000')) {
    hash ^= character.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

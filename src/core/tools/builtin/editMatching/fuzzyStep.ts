import { numberLines } from '../numberedLines';
import { leadingWhitespace, SAME_INDENTATION, solveIndentation } from './indentation';
import { changedOldLines, keptLines } from './keptLines';
import type { StepInput, StepOutcome } from './ladderStep';
import { comparableFileLines, comparableLine, lineSimilarities, percent, rankRegions } from './regionSimilarity';
import { replaceBlock } from './replaceBlock';
import { lineSpan } from './textLines';
import { readTyposAsFile } from './typoEvidence';

/** One line is too little to tell a near-miss from a different line. */
const MIN_LINES = 2;
const MIN_MEAN_SIMILARITY = 0.9;
const MIN_LINE_SIMILARITY = 0.6;
const MIN_MARGIN = 0.1;
/** Regions less alike than this are not scored to the end; the refusal that may follow ranks the same way and reuses the ranking. */
const RANKED_FLOOR = 0.5;
/** How far around the region new_str's lines are looked for before calling the change already applied. */
const NEARBY_LINES = 3;

/**
 * Last ladder step: a region as long as old_str, very like it line by line and clearly more alike than any other.
 * It applies only when the lines new_str changes are in the file as old_str has them (so only copied context
 * differs, and that is written back as the file's) and when new_str's lines are not already there. A line of old_str
 * with a small typo that new_str keeps as the file has it counts as that context (see readTyposAsFile).
 */
export function fuzzyStep(input: StepInput): StepOutcome {
  const { lines, target } = input;
  const oldLines = input.block.oldLines.map(comparableLine);
  if (oldLines.filter((line) => line !== '').length < MIN_LINES) return { kind: 'none' };
  const ranking = rankRegions(target.text, oldLines, RANKED_FLOOR);
  if (!ranking || ranking.best.score < MIN_MEAN_SIMILARITY) return { kind: 'none' };
  const { best } = ranking;
  const fileLines = comparableFileLines(target.text).lines;
  const typos = readTyposAsFile(input.block, fileLines.slice(best.first, best.first + oldLines.length));
  const { block } = typos;
  const oldKeys = typos.lines.length === 0 ? oldLines : block.oldLines.map(comparableLine);
  // Once new_str has shown what each mistyped line is, old_str that equals the region is as sure as a whitespace match:
  // the only candidate rule (on the lines as read) decides, not the similarity margin.
  const readAsRegion = typos.lines.length > 0 && oldKeys.every((line, offset) => line === fileLines[best.first + offset]);
  if (!readAsRegion) {
    if (ranking.second && best.score - ranking.second.score < MIN_MARGIN) return { kind: 'none' };
    if (Math.min(...lineSimilarities(fileLines, oldLines, best.first)) < MIN_LINE_SIMILARITY) return { kind: 'none' };
  }

  const nextBest = ranking.second ? `the next best was ${percent(ranking.second.score)}` : `no other region was ${percent(RANKED_FLOOR)} similar`;
  const span = lineSpan(best.first, oldLines.length);
  const similar = `${percent(best.score)}-similar region at ${span}`;
  const kept = keptLines(block.oldLines, block.newLines);
  const added = block.newLines.filter((line, index) => kept[index] === undefined && line.trim() !== '').map(comparableLine);
  const nearby = new Set(fileLines.slice(Math.max(0, best.first - NEARBY_LINES), best.first + oldLines.length + NEARBY_LINES));
  if (added.length > 0 && added.every((line) => nearby.has(line))) {
    return {
      kind: 'refused',
      reason: `old_str was not found in ${target.shownPath}. The most similar text, at ${span}, already holds the lines new_str adds: the change looks already applied. Re-read the file with read_file before editing it again.`,
    };
  }
  const shown = () => numberLines(lines.lines.slice(best.first, best.first + oldLines.length), best.first + 1);
  const changed = changedOldLines(oldLines.length, kept);
  for (const offset of changed) {
    if (fileLines[best.first + offset] === oldKeys[offset]) continue;
    return {
      kind: 'refused',
      reason: `old_str was not found in ${target.shownPath}. It is most like ${span} (${percent(best.score)} similar; ${nextBest}), but line ${best.first + offset + 1}, which new_str changes, differs there:\n${shown()}\n  file:    ${JSON.stringify(lines.lines[best.first + offset])}\n  old_str: ${JSON.stringify(block.oldLines[offset])}\nCopy old_str exactly from the file and make the change on the file's text.`,
    };
  }
  const rival = rivalLineWithChange(fileLines, ranking.second?.first, best.first, changed, block.newLines.filter((_, index) => kept[index] === undefined).map(comparableLine));
  if (rival !== undefined && ranking.second) {
    const rivalSpan = lineSpan(ranking.second.first, oldLines.length);
    return {
      kind: 'refused',
      reason: `old_str was not found in ${target.shownPath}. It is most like ${span} (${percent(best.score)} similar), but the text at ${rivalSpan} (${percent(ranking.second.score)} similar) already has line ${ranking.second.first + rival + 1} as new_str writes it: old_str may mix the two places, or the change may be made already. Re-read the file with read_file and copy old_str exactly from the place you mean.`,
    };
  }
  const pairs = block.oldLines.flatMap((line, offset) =>
    fileLines[best.first + offset] === oldKeys[offset] && line.trim() !== '' && !(offset === 0 && block.firstLineFromFile)
      ? [{ old: leadingWhitespace(line), file: leadingWhitespace(lines.lines[best.first + offset] as string) }]
      : [],
  );
  const change = solveIndentation(pairs) ?? (added.length === 0 ? SAME_INDENTATION : undefined);
  if (!change) {
    return {
      kind: 'refused',
      reason: `old_str was not found in ${target.shownPath}. It is most like ${span} (${percent(best.score)} similar), but its indentation differs from the file's unevenly, so new_str could not be re-indented to match. The file has:\n${shown()}\nCopy old_str exactly from the file.`,
    };
  }
  const indented = change.description === '' ? '' : `; ${change.description}, and new_str was re-indented to match`;
  const read = typos.lines.length === 0 ? '' : `; ${typos.lines.map((offset) => `line ${best.first + offset + 1}`).join(', ')} read as the file has it, which new_str keeps`;
  const tolerance = `matched a ${similar} (${nextBest}${read}${indented})`;
  return { kind: 'found', edit: replaceBlock(target, lines, block, best.first, change, tolerance), matched: block };
}

/**
 * The offset of a line new_str changes at which the next most similar region already reads as one of new_str's
 * changed or added lines (and the best region does not): the model's new_str agrees with that other place, so its
 * old_str may have been copied from both.
 */
function rivalLineWithChange(fileLines: readonly string[], rivalFirst: number | undefined, bestFirst: number, changed: readonly number[], newLines: readonly string[]): number | undefined {
  if (rivalFirst === undefined) return undefined;
  const written = new Set(newLines.filter((line) => line !== ''));
  return changed.find((offset) => {
    const rivalLine = fileLines[rivalFirst + offset] as string;
    return written.has(rivalLine) && fileLines[bestFirst + offset] !== rivalLine;
  });
}

import { matchingWindows } from './editMatching/matchingWindows';
import { comparableFileLines, comparableLine, percent, rankRegions, type ScoredRegion } from './editMatching/regionSimilarity';
import { lineSpan, lineSpans, trimBlankEdges } from './editMatching/textLines';
import { numberLines } from './numberedLines';
import { splitLines } from './textFile';

const MIN_SIMILARITY = 0.5;
/** Regions closer than this in similarity are both shown: the hint cannot tell which one old_str means. */
const CLEAR_MARGIN = 0.1;
const MAX_SHOWN_LINES = 30;
const ADVICE = 'Re-read the file with read_file (it may have changed) and copy the text exactly, including whitespace and indentation.';

/**
 * Why `oldStr` was not found in `fileText` and where to look instead, for the model: read_file's line-number
 * prefixes copied into old_str, new_str already in the file (the change looks applied), every region that matches
 * except for whitespace, or the most similar region with its first differing line and its margin over the next.
 */
export function describeMissingOldStr(shownPath: string, fileText: string, oldStr: string, newStr = ''): string {
  const intro = `old_str was not found in ${shownPath}.`;
  const fileLines = splitLines(fileText);
  const oldLines = trimBlankEdges(splitLines(oldStr));
  if (oldLines.length === 0) return `${intro} ${ADVICE}`;
  if (oldLines.every((line) => /^\s*\d+\t/.test(line))) {
    return `${intro} Every line of old_str starts with a line number and a tab: those prefixes come from read_file's output and are not in the file. Remove them from old_str and try again.`;
  }
  const comparableFile = comparableFileLines(fileText).lines;
  const comparableOld = oldLines.map(comparableLine);
  const applied = alreadyApplied(comparableFile, comparableOld, newStr);
  if (applied) return `${intro} new_str is already in the file at ${applied}: the change looks already applied. Re-read the file with read_file before editing it again.`;

  const alike = matchingWindows(comparableFile, comparableOld);
  if (alike.length > 1) {
    return `${intro} It matches ${alike.length} places only if whitespace is ignored: ${lineSpans(alike, oldLines.length)}. Copy the one you mean exactly, with enough surrounding lines to tell it from the others.`;
  }
  const ranking = rankRegions(fileText, comparableOld, MIN_SIMILARITY);
  if (!ranking || ranking.best.score < MIN_SIMILARITY) return `${intro} Nothing in the file resembles it. ${ADVICE}`;
  const { best, second } = ranking;
  if (best.score === 1) {
    return `${intro} It matches ${lineSpan(best.first, oldLines.length)} only if whitespace is ignored: indentation or spacing differs. The file has:\n${shown(fileLines, best.first, oldLines.length)}\n${ADVICE}`;
  }
  if (second && second.score >= MIN_SIMILARITY && best.score - second.score < CLEAR_MARGIN) {
    return [
      `${intro} Two regions are about equally similar, so old_str may be meant for either: ${describe(best, oldLines.length)} and ${describe(second, oldLines.length)}.`,
      shown(fileLines, best.first, oldLines.length),
      '…',
      shown(fileLines, second.first, oldLines.length),
      `Copy the one you mean exactly, with enough surrounding lines to tell it from the other. ${ADVICE}`,
    ].join('\n');
  }
  const difference = firstDifference(fileLines, best.first, oldLines);
  const nextBest = second ? `The next best, at ${lineSpan(second.first, oldLines.length)}, is ${percent(second.score)} similar.` : 'No other region comes close.';
  return [
    `${intro} The most similar text is at ${lineSpan(best.first, oldLines.length)} (${percent(best.score)} similar):`,
    shown(fileLines, best.first, oldLines.length),
    ...(difference ? [difference] : []),
    nextBest,
    ADVICE,
  ].join('\n');
}

/** Where new_str's lines already are, whitespace aside, when they hold something old_str does not. */
function alreadyApplied(comparableFile: readonly string[], comparableOld: readonly string[], newStr: string): string | undefined {
  const newLines = trimBlankEdges(splitLines(newStr)).map(comparableLine);
  const oldSet = new Set(comparableOld);
  if (!newLines.some((line) => line !== '' && !oldSet.has(line))) return undefined;
  const places = matchingWindows(comparableFile, newLines);
  return places.length === 0 ? undefined : lineSpans(places, newLines.length);
}

function describe(region: ScoredRegion, length: number): string {
  return `${lineSpan(region.first, length)} (${percent(region.score)} similar)`;
}

function shown(fileLines: readonly string[], first: number, length: number): string {
  const region = fileLines.slice(first, first + Math.min(length, MAX_SHOWN_LINES));
  return numberLines(region, first + 1) + (length > MAX_SHOWN_LINES ? '\n…' : '');
}

function firstDifference(fileLines: readonly string[], start: number, oldLines: readonly string[]): string | undefined {
  for (let offset = 0; offset < oldLines.length; offset++) {
    const fileLine = fileLines[start + offset];
    const oldLine = oldLines[offset] as string;
    if (fileLine === oldLine) continue;
    const lineNumber = start + offset + 1;
    return fileLine === undefined
      ? `old_str goes on past the end of the file at line ${lineNumber}.`
      : `First difference, line ${lineNumber}:\n  file:    ${JSON.stringify(fileLine)}\n  old_str: ${JSON.stringify(oldLine)}`;
  }
  return undefined;
}

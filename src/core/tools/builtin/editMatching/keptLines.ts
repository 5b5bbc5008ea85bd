/** Beyond this many cells, the middle of the two texts is treated as all changed instead of aligned. */
const MAX_ALIGNMENT_CELLS = 1_000_000;

/**
 * Which lines of new_str are context copied unchanged from old_str: for each new line, the index of the old line it
 * keeps (a longest common subsequence of identical lines), or undefined for a line the edit changes or adds.
 */
export function keptLines(oldLines: readonly string[], newLines: readonly string[]): (number | undefined)[] {
  const kept: (number | undefined)[] = new Array<number | undefined>(newLines.length).fill(undefined);
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) {
    kept[head] = head;
    head++;
  }
  let tail = 0;
  while (
    tail < oldLines.length - head &&
    tail < newLines.length - head &&
    oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
  ) {
    kept[newLines.length - 1 - tail] = oldLines.length - 1 - tail;
    tail++;
  }
  const oldMiddle = oldLines.slice(head, oldLines.length - tail);
  const newMiddle = newLines.slice(head, newLines.length - tail);
  if (oldMiddle.length * newMiddle.length > MAX_ALIGNMENT_CELLS) return kept;
  for (const [newIndex, oldIndex] of commonSubsequence(oldMiddle, newMiddle)) kept[head + newIndex] = head + oldIndex;
  return kept;
}

/** The old lines that new_str does not keep: the ones the edit replaces or removes. */
export function changedOldLines(oldCount: number, kept: readonly (number | undefined)[]): number[] {
  const keptOld = new Set(kept.filter((index): index is number => index !== undefined));
  return Array.from({ length: oldCount }, (_, index) => index).filter((index) => !keptOld.has(index));
}

/**
 * For each line new_str changes, the old line it edits in place: between the same kept lines, one for one when
 * the counts agree, else each old line with the next new line that `resembles` it; undefined for added lines.
 */
export function replacedLines(
  oldCount: number,
  kept: readonly (number | undefined)[],
  resembles: (oldIndex: number, newIndex: number) => boolean,
): (number | undefined)[] {
  const replaced: (number | undefined)[] = new Array<number | undefined>(kept.length).fill(undefined);
  let newIndex = 0;
  let oldNext = 0;
  while (newIndex < kept.length) {
    if (kept[newIndex] !== undefined) {
      oldNext = (kept[newIndex] as number) + 1;
      newIndex++;
      continue;
    }
    let runEnd = newIndex;
    while (runEnd < kept.length && kept[runEnd] === undefined) runEnd++;
    const oldEnd = runEnd < kept.length ? (kept[runEnd] as number) : oldCount;
    if (oldEnd - oldNext === runEnd - newIndex) {
      for (let offset = 0; offset < runEnd - newIndex; offset++) replaced[newIndex + offset] = oldNext + offset;
    } else {
      let candidate = newIndex;
      for (let oldIndex = oldNext; oldIndex < oldEnd; oldIndex++) {
        let match = candidate;
        while (match < runEnd && !resembles(oldIndex, match)) match++;
        if (match === runEnd) continue;
        replaced[match] = oldIndex;
        candidate = match + 1;
      }
    }
    newIndex = runEnd;
  }
  return replaced;
}

function commonSubsequence(oldLines: readonly string[], newLines: readonly string[]): [number, number][] {
  const columns = newLines.length + 1;
  const lengths = new Uint32Array((oldLines.length + 1) * columns);
  for (let oldIndex = oldLines.length - 1; oldIndex >= 0; oldIndex--) {
    for (let newIndex = newLines.length - 1; newIndex >= 0; newIndex--) {
      lengths[oldIndex * columns + newIndex] =
        oldLines[oldIndex] === newLines[newIndex]
          ? (lengths[(oldIndex + 1) * columns + newIndex + 1] as number) + 1
          : Math.max(lengths[(oldIndex + 1) * columns + newIndex] as number, lengths[oldIndex * columns + newIndex + 1] as number);
    }
  }
  const pairs: [number, number][] = [];
  let oldIndex = 0;
  let newIndex = 0;
  while (oldIndex < oldLines.length && newIndex < newLines.length) {
    if (oldLines[oldIndex] === newLines[newIndex]) {
      pairs.push([newIndex, oldIndex]);
      oldIndex++;
      newIndex++;
    } else if ((lengths[(oldIndex + 1) * columns + newIndex] as number) >= (lengths[oldIndex * columns + newIndex + 1] as number)) {
      oldIndex++;
    } else {
      newIndex++;
    }
  }
  return pairs;
}

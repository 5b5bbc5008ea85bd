/** The first line of every run of file lines whose keys equal old_str's line keys one for one (overlapping runs too). */
export function matchingWindows(fileKeys: readonly string[], oldKeys: readonly string[]): number[] {
  const firstKey = oldKeys[0];
  if (firstKey === undefined) return [];
  const windows: number[] = [];
  for (let first = 0; first + oldKeys.length <= fileKeys.length; first++) {
    if (fileKeys[first] !== firstKey) continue;
    let offset = 1;
    while (offset < oldKeys.length && fileKeys[first + offset] === oldKeys[offset]) offset++;
    if (offset === oldKeys.length) windows.push(first);
  }
  return windows;
}

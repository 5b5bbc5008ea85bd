/** A section header or a move, as far as the patch has streamed. */
const pathLine = /^\*\*\* (?:Add File|Update File|Delete File|Move to):[ \t]*(\S.*?)[ \t]*$/gm;

/**
 * The files a patch names, in order, each once: for the card's title and subject while the
 * patch still streams. Running the call reads the patch properly; this only names.
 */
export function patchPaths(patch: unknown): string[] {
  if (typeof patch !== 'string') return [];
  const paths = [...patch.matchAll(pathLine)].map((match) => match[1] as string);
  return [...new Set(paths)];
}

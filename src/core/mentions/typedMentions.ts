/** An `@path` the user typed in a line. */
export interface TypedMention {
  path: string;
  /** Where `@` is, and the index just past the path. */
  start: number;
  end: number;
}

/**
 * The `@path` mentions in a line: `@` at the start or after a space or an opening bracket or quote, then the
 * path up to the next space, without trailing sentence punctuation. `a@b.com` and a lone `@` are not mentions.
 */
export function findTypedMentions(line: string): TypedMention[] {
  const mentions: TypedMention[] = [];
  for (const match of line.matchAll(/(?<=^|[\s([{"'`])@([^\s@]+)/g)) {
    const path = (match[1] ?? '').replace(/[.,;:!?)\]}"'`]+$/, '');
    if (path === '') continue;
    mentions.push({ path, start: match.index, end: match.index + 1 + path.length });
  }
  return mentions;
}

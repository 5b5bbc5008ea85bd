import { compileGlob } from './linearGlob';

/**
 * The `include` glob of a search, with ripgrep's `--glob` meaning: a glob without `/`
 * matches a file's name at any depth (`*.ts`); one with `/` matches the path relative to the
 * searched folder (`src/**\/*.ts`; a leading `/` is allowed). Supports `*`, `**`, `?`,
 * `[abc]`, `[!abc]`, `{a,b}` and `\` escapes. Case-sensitive. Matched in linear time.
 */
export function compileIncludeGlob(glob: string): (relativePath: string) => boolean {
  const matchesName = !glob.includes('/');
  const matcher = compileGlob(glob.replace(/^\//, ''), { braces: true });
  return (relativePath) => matcher.matches(matchesName ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Escapes glob syntax in a literal path so ripgrep reads it as itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}\\]/g, '\\$&');
}

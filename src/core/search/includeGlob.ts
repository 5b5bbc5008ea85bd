import { compileGlob } from './linearGlob';

/**
 * The `include` glob of a search, with ripgrep's `--glob` meaning: a glob without `/`
 * matches a file's name at any depth (`*.ts`); one with `/` matches the path relative to the
 * searched folder (`src/**\/*.ts`; a leading `/` is allowed). Supports `*`, `**`, `?`,
 * `[abc]`, `[!abc]`, `{a,b}` and `\` escapes. Case-sensitive. Matched in linear time.
 */
export function compileIncludeGlob(glob: string): (relativePath: string) => boolean {
  checkGlobSize(glob);
  const matchesName = !glob.includes('/');
  const matcher = compileGlob(glob.replace(/^\//, ''), { braces: true });
  return (relativePath) => matcher.matches(matchesName ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath);
}

/** The longest glob from the model or a repository Elbow compiles: matching costs the path's length times the pattern's. */
export const longestGlob = 1000;
/** The most `**` segments in one glob, for the same reason. */
export const mostDoubleStars = 20;

/** Refuses a glob too large to match in reasonable time, saying what the limit is. */
export function checkGlobSize(glob: string): void {
  if (glob.length > longestGlob) throw new Error(`The glob is ${glob.length} characters long; globs may be at most ${longestGlob}. Use a shorter one.`);
  const doubleStars = glob.split('**').length - 1;
  if (doubleStars > mostDoubleStars) throw new Error(`The glob has ${doubleStars} "**"; globs may have at most ${mostDoubleStars}. Use fewer.`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Escapes glob syntax in a literal path so ripgrep reads it as itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}\\]/g, '\\$&');
}

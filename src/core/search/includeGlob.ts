/**
 * The `include` glob of a search, with ripgrep's `--glob` meaning: a glob without `/`
 * matches a file's name at any depth (`*.ts`); one with `/` matches the path relative to the
 * searched folder (`src/**\/*.ts`; a leading `/` is allowed). Supports `*`, `**`, `?`,
 * `[abc]`, `[!abc]`, `{a,b}` and `\` escapes. Case-sensitive.
 */
export function compileIncludeGlob(glob: string): (relativePath: string) => boolean {
  const matchesName = !glob.includes('/');
  const regex = new RegExp(`^${globToRegExpSource(glob.replace(/^\//, ''))}$`);
  return (relativePath) => regex.test(matchesName ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath);
}

export function globToRegExpSource(glob: string): string {
  let source = '';
  let braceDepth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] as string;
    if (char === '*') {
      const isDoubleStar = glob[index + 1] === '*';
      const startsSegment = index === 0 || glob[index - 1] === '/';
      if (isDoubleStar && startsSegment && (index + 2 === glob.length || glob[index + 2] === '/')) {
        const atEnd = index + 2 === glob.length;
        // `**/` matches zero or more folders; a final `**` matches everything below.
        source += atEnd ? '.*' : '(?:[^/]*/)*';
        index += atEnd ? 1 : 2;
      } else {
        source += '[^/]*';
        while (glob[index + 1] === '*') index++;
      }
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[') {
      const end = glob.indexOf(']', index + 2);
      if (end === -1) {
        source += '\\[';
      } else {
        let body = glob.slice(index + 1, end);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        source += `[${body.replace(/\\/g, '\\\\')}]`;
        index = end;
      }
    } else if (char === '{') {
      braceDepth++;
      source += '(?:';
    } else if (char === '}' && braceDepth > 0) {
      braceDepth--;
      source += ')';
    } else if (char === ',' && braceDepth > 0) {
      source += '|';
    } else if (char === '\\' && index + 1 < glob.length) {
      index++;
      source += escapeRegExp(glob[index] as string);
    } else {
      source += escapeRegExp(char);
    }
  }
  return source + ')'.repeat(braceDepth);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Escapes glob syntax in a literal path so ripgrep reads it as itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}\\]/g, '\\$&');
}

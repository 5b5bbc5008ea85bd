import { lstatSync, readdirSync, statSync } from 'node:fs';
import { compileGlob, type GlobMatcher } from '../../search/linearGlob';
import { patternText, type PatternPiece } from './wordPatterns';

export type GlobExpansion =
  /**
   * The words Bash would pass, as written relative to the folder or absolute; the pattern itself
   * when nothing matches. `approximate` when a bracket expression was widened to any character.
   */
  | { kind: 'paths'; paths: string[]; approximate: boolean }
  | { kind: 'tooLarge' };

const mostPaths = 200;
const mostFolderReads = 64;

/**
 * Expands a pattern against the file system as Bash does with its default options: `*`, `?` and
 * brackets match within one path component, never a leading dot (`.*` does, and may give `.` and
 * `..` as older Bash versions do), and only existing paths match. `folder` is where relative
 * patterns start.
 */
export function expandGlob(pattern: readonly PatternPiece[], folder: string): GlobExpansion {
  const components = splitComponents(pattern);
  const absolute = components[0]?.length === 0;
  let found: string[] = [absolute ? '/' : ''];
  let approximate = false;
  let folderReads = 0;
  for (const [index, component] of components.entries()) {
    if (index === 0 && absolute) continue;
    const isLast = index === components.length - 1;
    const next: string[] = [];
    if (component.length === 0) {
      // `dir/*/`: a trailing slash keeps folders only.
      if (isLast) found = found.filter((path) => isFolder(onDisk(path, folder)));
      continue;
    }
    const literal = component.every((piece) => piece.kind === 'text') ? patternText(component) : undefined;
    if (literal !== undefined) {
      for (const path of found) if (exists(onDisk(join(path, literal), folder))) next.push(join(path, literal));
    } else {
      const matcher = componentMatcher(component);
      approximate ||= matcher.approximate;
      for (const path of found) {
        if (++folderReads > mostFolderReads) return { kind: 'tooLarge' };
        for (const name of folderEntries(onDisk(path, folder), matcher.matchesDots)) {
          if (matcher.glob.matches(name)) next.push(join(path, name));
        }
        if (next.length > mostPaths) return { kind: 'tooLarge' };
      }
    }
    found = next;
    if (found.length === 0) break;
  }
  return { kind: 'paths', paths: found.length > 0 ? found : [patternText(pattern)], approximate };
}

/** The pattern cut at each `/` of its text. */
function splitComponents(pattern: readonly PatternPiece[]): PatternPiece[][] {
  const components: PatternPiece[][] = [[]];
  for (const piece of pattern) {
    if (piece.kind !== 'text') {
      components[components.length - 1]?.push(piece);
      continue;
    }
    const [first, ...rest] = piece.text.split('/');
    if (first) components[components.length - 1]?.push({ kind: 'text', text: first });
    for (const text of rest) components.push(text === '' ? [] : [{ kind: 'text', text }]);
  }
  return components;
}

interface ComponentMatcher {
  /** Linear in the name whatever the pattern: the model writes it. */
  glob: GlobMatcher;
  /** The component starts with a literal dot, so it may match dot files. */
  matchesDots: boolean;
  approximate: boolean;
}

function componentMatcher(component: readonly PatternPiece[]): ComponentMatcher {
  let glob = '';
  let approximate = false;
  for (const piece of component) {
    if (piece.kind === 'text') glob += piece.text.replace(/[\\*?[\]{}]/g, '\\$&');
    else if (piece.kind === 'star') glob += '*';
    else if (piece.kind === 'question') glob += '?';
    else {
      const simple = isSingleCharacterBracket(piece.source);
      approximate ||= !simple;
      glob += simple ? piece.source : '?';
    }
  }
  const first = component[0];
  return { glob: compileGlob(glob), matchesDots: first?.kind === 'text' && first.text.startsWith('.'), approximate };
}

/**
 * A bracket expression of single characters (`[abc]`, `[!x]`); not ranges, classes and escapes,
 * whose meaning depends on the locale and version.
 */
function isSingleCharacterBracket(source: string): boolean {
  const inner = source.slice(1, -1);
  const characters = /^[!^]/.test(inner) ? inner.slice(1) : inner;
  return characters !== '' && !/[-[\\'"]/.test(characters.slice(1)) && !/[[\\'"]/.test(characters[0] ?? '');
}

function join(base: string, name: string): string {
  if (base === '') return name;
  return base.endsWith('/') ? `${base}${name}` : `${base}/${name}`;
}

function onDisk(path: string, folder: string): string {
  if (path.startsWith('/')) return path;
  return path === '' ? folder : `${folder}/${path}`;
}

function folderEntries(path: string, withDots: boolean): string[] {
  try {
    const names = readdirSync(path);
    const visible = withDots ? names : names.filter((name) => !name.startsWith('.'));
    return withDots ? ['.', '..', ...visible] : visible;
  } catch {
    return [];
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

import { longestGlob } from './includeGlob';
import { compileGlob, type GlobMatcher } from './linearGlob';

export interface IgnoreVerdict {
  ignored: boolean;
  unignored: boolean;
}

interface Rule {
  negative: boolean;
  directoryOnly: boolean;
  /** Matched against the whole relative path; otherwise against the last segment. */
  anchored: boolean;
  matcher: GlobMatcher;
}

const NO_VERDICT: IgnoreVerdict = { ignored: false, unignored: false };

/**
 * The rules of gitignore-syntax files (`.gitignore`, `.elbowignore`), matched by the linear-time
 * glob matcher: a repository writes these files, so no line may meet a backtracking engine.
 * Paths are relative, `/`-separated, a folder given with a trailing `/`. As in git, the last
 * matching rule decides, and nothing below an ignored folder can be re-included.
 */
export class GitignoreRules {
  private readonly rules: Rule[] = [];
  private readonly folderVerdicts = new Map<string, IgnoreVerdict>();

  constructor(private readonly options: { ignoreCase: boolean }) {}

  add(text: string): this {
    for (const line of text.split('\n')) {
      const rule = this.parse(line.replace(/\r$/, ''));
      if (rule !== undefined) this.rules.push(rule);
    }
    this.folderVerdicts.clear();
    return this;
  }

  ignores(relativePath: string): boolean {
    return this.test(relativePath).ignored;
  }

  test(relativePath: string): IgnoreVerdict {
    const isDirectory = relativePath.endsWith('/');
    const segments = relativePath.replace(/\/+$/, '').split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const verdict = this.folderVerdict(segments.slice(0, depth).join('/'));
      if (verdict.ignored) return verdict;
    }
    return this.testOne(segments.join('/'), isDirectory);
  }

  private folderVerdict(folder: string): IgnoreVerdict {
    let verdict = this.folderVerdicts.get(folder);
    if (verdict === undefined) {
      verdict = this.testOne(folder, true);
      this.folderVerdicts.set(folder, verdict);
    }
    return verdict;
  }

  private testOne(path: string, isDirectory: boolean): IgnoreVerdict {
    const name = path.slice(path.lastIndexOf('/') + 1);
    for (let index = this.rules.length - 1; index >= 0; index--) {
      const rule = this.rules[index] as Rule;
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.matcher.matches(rule.anchored ? path : name)) return { ignored: !rule.negative, unignored: rule.negative };
    }
    return NO_VERDICT;
  }

  private parse(line: string): Rule | undefined {
    let pattern = trimUnescapedTrailingSpaces(line);
    if (pattern === '' || pattern.startsWith('#')) return undefined;
    // A line longer than any real pattern would make every path's match slow: it is skipped.
    if (pattern.length > longestGlob) return undefined;
    const negative = pattern.startsWith('!');
    if (negative) pattern = pattern.slice(1);
    const directoryOnly = pattern.endsWith('/');
    pattern = pattern.replace(/\/+$/, '');
    const anchored = pattern.includes('/');
    pattern = pattern.replace(/^\//, '');
    if (pattern === '') return undefined;
    return { negative, directoryOnly, anchored, matcher: compileGlob(pattern, { ignoreCase: this.options.ignoreCase }) };
  }
}

function trimUnescapedTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t') && line[end - 2] !== '\\') end--;
  return line.slice(0, end);
}

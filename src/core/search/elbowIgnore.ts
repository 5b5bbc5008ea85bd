import type { GitignoreRules } from './gitignoreRules';
import type { HostFileSystem } from '../host/fileSystem';
import { ignoresPath, readIgnoreRules } from './ignoreRules';
import { joinRelative, locateInScope, type SearchScope } from './searchScope';

/**
 * The `.elbowignore` rules that apply below one folder. Unlike `.gitignore`, they always
 * win (no other ignore file can re-include a hidden path) and they ignore case, so a
 * differently-cased path on a case-insensitive disk stays hidden.
 */
export class ElbowIgnore {
  private constructor(
    private readonly rules: GitignoreRules | undefined,
    /** The folder's path relative to the root the rules belong to. */
    private readonly directoryFromRoot: string,
  ) {}

  static readonly none = new ElbowIgnore(undefined, '');

  /** Reads the ignore file of the root containing `directory` afresh. */
  static async forDirectory(files: HostFileSystem, scope: SearchScope | undefined, directory: string): Promise<ElbowIgnore> {
    const located = locateInScope(scope, directory);
    if (!located) return ElbowIgnore.none;
    const rules = await readIgnoreRules(files, located.ignoreFile, { ignoreCase: true });
    return rules ? new ElbowIgnore(rules, located.relativeDirectory) : ElbowIgnore.none;
  }

  /** `pathFromDirectory` is relative to the folder given to `forDirectory`, `/`-separated. */
  hides(pathFromDirectory: string, isDirectory: boolean): boolean {
    if (!this.rules) return false;
    return ignoresPath(this.rules, joinRelative(this.directoryFromRoot, pathFromDirectory), isDirectory);
  }
}

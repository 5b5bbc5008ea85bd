import * as path from 'node:path';
import type { GitignoreRules } from './gitignoreRules';
import type { DirectoryEntry, HostFileSystem } from '../host/fileSystem';
import { ignoresPath, readIgnoreRules } from './ignoreRules';
import { relativeInside } from './searchScope';

interface FolderRules {
  folder: string;
  rules: GitignoreRules;
}

/** ripgrep's own ignore files; they take precedence over `.gitignore` (`.rgignore` over `.ignore`). */
const TOOL_IGNORE_FILES = ['.ignore', '.rgignore'];

/**
 * The ignore files in effect inside one folder during a walk, mirroring ripgrep's rules
 * (`rg --no-require-git`): `.gitignore`, `.ignore` and `.rgignore` of the folder and of
 * every ancestor, the deepest file with an opinion deciding; `.gitignore` files above a
 * repository (a folder holding `.git`) do not apply inside it.
 */
export class IgnoreChain {
  private constructor(
    /** Shallowest first. */
    private readonly gitRules: readonly FolderRules[],
    private readonly toolRules: readonly FolderRules[],
  ) {}

  /** The rules inherited from the ancestors of `directory` (its own files come with `enter`). */
  static async forAncestorsOf(files: HostFileSystem, directory: string): Promise<IgnoreChain> {
    const gitRules: FolderRules[] = [];
    const toolRules: FolderRules[] = [];
    let insideRepository = (await files.stat(path.join(directory, '.git'))) !== undefined;
    for (let folder = path.dirname(directory); ; folder = path.dirname(folder)) {
      if (!insideRepository) await addRules(files, folder, '.gitignore', gitRules);
      for (const name of TOOL_IGNORE_FILES) await addRules(files, folder, name, toolRules);
      insideRepository ||= (await files.stat(path.join(folder, '.git'))) !== undefined;
      if (path.dirname(folder) === folder) break;
    }
    gitRules.reverse();
    toolRules.reverse();
    // ripgrep never applies ignore rules to the folder it was asked to walk or its parents.
    // `ignore` always tests parents too, so a file whose rules exclude the folder itself
    // would hide everything below it; leave such a file out (a rare case).
    const excludesDirectory = ({ folder, rules }: FolderRules): boolean => {
      const relative = relativeInside(folder, directory);
      return relative !== undefined && relative !== '' && ignoresPath(rules, relative, true);
    };
    return new IgnoreChain(
      gitRules.filter((rules) => !excludesDirectory(rules)),
      toolRules.filter((rules) => !excludesDirectory(rules)),
    );
  }

  /** The chain inside `folder`, given its entries. */
  async enter(files: HostFileSystem, folder: string, entries: readonly DirectoryEntry[]): Promise<IgnoreChain> {
    const names = new Set(entries.map((entry) => entry.name));
    const startsRepository = names.has('.git');
    const gitRules = startsRepository ? [] : [...this.gitRules];
    const toolRules = [...this.toolRules];
    if (names.has('.gitignore')) await addRules(files, folder, '.gitignore', gitRules);
    for (const name of TOOL_IGNORE_FILES) {
      if (names.has(name)) await addRules(files, folder, name, toolRules);
    }
    const changed = startsRepository || gitRules.length !== this.gitRules.length || toolRules.length !== this.toolRules.length;
    return changed ? new IgnoreChain(gitRules, toolRules) : this;
  }

  ignores(absolutePath: string, isDirectory: boolean): boolean {
    for (const group of [this.toolRules, this.gitRules]) {
      for (let index = group.length - 1; index >= 0; index--) {
        const { folder, rules } = group[index] as FolderRules;
        const relative = relativeInside(folder, absolutePath);
        if (relative === undefined || relative === '') continue;
        const verdict = rules.test(isDirectory ? `${relative}/` : relative);
        if (verdict.ignored) return true;
        if (verdict.unignored) return false;
      }
    }
    return false;
  }
}

async function addRules(files: HostFileSystem, folder: string, fileName: string, into: FolderRules[]): Promise<void> {
  try {
    const rules = await readIgnoreRules(files, path.join(folder, fileName), { ignoreCase: false });
    if (rules) into.push({ folder, rules });
  } catch {
    // An unreadable ignore file is skipped, as ripgrep does (it only warns).
  }
}

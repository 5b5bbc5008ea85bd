import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { relativeInside } from '../search/searchScope';

export type CommandPathClass = 'inside' | 'outside' | 'hidden';

/** The workspace a command's paths are classified against. */
export interface CommandWorkspace {
  /** Absolute workspace folders. */
  roots: readonly string[];
  /** True for absolute paths (under a root as written) that `.elbowignore` hides. */
  isHidden(absolutePath: string): boolean;
}

const mostSymbolicLinks = 40;

/**
 * Classifies a path a command reaches, as the system will reach it: symbolic links are followed
 * (a workspace link to `/etc` leads outside, a link to `.env` is hidden) and `..` after a link
 * leaves the link's target. The path is hidden when `.elbowignore` hides its written form or its
 * real one, outside when either lies outside every workspace folder. `absolutePath` may hold
 * `..` as written; a path that cannot be resolved (a link loop) counts as outside.
 */
export function classifyCommandPath(absolutePath: string, workspace: CommandWorkspace): CommandPathClass {
  const lexical = classifyResolved(path.resolve(absolutePath), workspace, workspace.roots);
  if (lexical === 'hidden') return 'hidden';
  const real = realPath(absolutePath);
  if (real === undefined) return 'outside';
  const realRoots = workspace.roots.map((root) => realPath(root) ?? root);
  const byRealPath = classifyResolved(real, workspace, realRoots);
  if (byRealPath === 'hidden') return 'hidden';
  return lexical === 'outside' || byRealPath === 'outside' ? 'outside' : 'inside';
}

/** `candidate` against the roots (or their real forms), asking `isHidden` about it under the root as written. */
function classifyResolved(candidate: string, workspace: CommandWorkspace, roots: readonly string[]): CommandPathClass {
  for (const [index, root] of roots.entries()) {
    const relative = relativeInside(root, candidate);
    if (relative === undefined) continue;
    const written = workspace.roots[index] as string;
    return workspace.isHidden(relative === '' ? written : path.join(written, relative)) ? 'hidden' : 'inside';
  }
  return 'outside';
}

/**
 * The real path the system reaches for `written`: each component is looked at in turn, links
 * (dangling ones too, which writes follow) are replaced by their targets, `..` steps out of
 * where the walk really is. Components past the last existing one are taken as written.
 * Undefined for a link loop or a component that cannot be looked at.
 */
function realPath(written: string): string | undefined {
  if (process.platform === 'win32') return realPathOfDeepestAncestor(path.resolve(written));
  const pending = written.split('/');
  let current = '/';
  let links = 0;
  while (pending.length > 0) {
    const component = pending.shift() as string;
    if (component === '' || component === '.') continue;
    if (component === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, component);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (error) {
      if (!isMissing(error)) return undefined;
      return canonical(current, path.join(next, ...pending));
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++links > mostSymbolicLinks) return undefined;
    const target = readlinkSync(next);
    if (target.startsWith('/')) current = '/';
    pending.unshift(...target.split('/'));
  }
  return canonical(current, current);
}

/** `full` with its existing part `existing` written as the system spells it (case, on macOS and Windows). */
function canonical(existing: string, full: string): string {
  try {
    const spelled = realpathSync.native(existing);
    return spelled === existing ? full : path.join(spelled, path.relative(existing, full));
  } catch {
    return full;
  }
}

function realPathOfDeepestAncestor(resolved: string): string | undefined {
  let existing = resolved;
  for (;;) {
    try {
      return path.join(realpathSync.native(existing), path.relative(existing, resolved));
    } catch (error) {
      if (!isMissing(error)) return undefined;
      const parent = path.dirname(existing);
      if (parent === existing) return resolved;
      existing = parent;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GitignoreRules } from '../search/gitignoreRules';
import type { FileKind, OpenedPathCheck } from '../host/fileSystem';
import type { AgentHost } from '../host/host';
import { ignoresPath, readIgnoreRules } from '../search/ignoreRules';
import { ELBOW_IGNORE_FILE_NAME, relativeInside } from '../search/searchScope';
import { homePrivateTest } from './homePrivatePaths';
import { ownDataTest } from './ownDataTest';
import type { PermissionGate } from '../permissions/permissionGate';
import { ToolError } from '../toolContract/toolError';

export interface ResolvedPath {
  /** Absolute, under `root` as the user sees it (symbolic links not replaced). */
  absolute: string;
  root: string;
  /** Relative to `root`, `/`-separated; `.` for the root itself. */
  relative: string;
  exists: boolean;
  /** What is there (following symbolic links), when something is. */
  kind?: FileKind;
  /** Outside every workspace folder (reached with the user's permission); `root` is then its folder. */
  outside?: boolean;
  /** Where it really is, symbolic links resolved: a workspace folder and the path relative to it. */
  real?: { root: string; relative: string };
  /** For a symbolic link, where the link itself is (its folder's real path and its name), which a delete removes. */
  linkEntry?: { root: string; relative: string };
}

/** A tool that may reach outside the workspace with the user's permission. */
export interface OutsideAccess {
  access: 'read' | 'write';
  toolName: string;
  context: { permissions: PermissionGate; signal: AbortSignal; toolCallId?: string };
}

export interface ResolveOptions {
  /** Refuse a path where nothing exists. */
  mustExist?: boolean;
  /** The tool will write there: `.git` internals and the `.elbowignore` files are refused too. */
  forWriting?: boolean;
  /** Paths outside the workspace are asked about (reads) rather than refused; without it they are refused. */
  outsideAccess?: OutsideAccess;
}

type HiddenPathTest = (absolutePath: string, isDirectory: boolean) => boolean;

/** What Elbow's own process will do with an opened file: writes are held to the very object `resolve` checked. */
export type OpenedAccess = 'read' | 'write' | 'delete';

/**
 * The workspace as the tools see it: turns paths the model gives into checked absolute
 * paths (inside a root after resolving symbolic links, not hidden by `.elbowignore`), and
 * absolute paths into paths to show.
 */
export class Workspace {
  private realRoots: Promise<string[]> | undefined;
  private readonly ignoreRules = new Map<string, Promise<GitignoreRules | undefined>>();
  private readonly isHomePrivate: (absolutePath: string) => boolean;
  private readonly isOwnData: (absolutePath: string) => boolean;

  constructor(private readonly host: AgentHost) {
    this.isHomePrivate = homePrivateTest(host.environment.homeDirectory, () => host.workspaceRoots);
    this.isOwnData = ownDataTest(host.environment.dataFolder, () => host.workspaceRoots);
  }

  get roots(): readonly string[] {
    return this.host.workspaceRoots;
  }

  /** Forget the cached `.elbowignore` rules (call when one changes). */
  reloadIgnoreRules(): void {
    this.ignoreRules.clear();
  }

  async resolve(pathFromModel: string, options: ResolveOptions = {}): Promise<ResolvedPath> {
    const located = await this.locate(pathFromModel, options.outsideAccess !== undefined);
    if (located.outside) return this.resolveOutside(located.absolute, options);
    const { root, absolute } = located;
    const target = await this.host.files.stat(absolute);
    const realLocation = await this.realLocationOf(absolute, target !== undefined, pathFromModel);
    const realRoot = await this.rootOfRealPath(realLocation);
    if (!realRoot && options.outsideAccess) return this.resolveOutside(realLocation, options);
    if (!realRoot) {
      throw new ToolError(
        `"${pathFromModel}" leads outside the workspace: through a symbolic link it resolves to ${realLocation}. ${this.allowedRootsHint()}`,
      );
    }
    const relative = relativeInside(root, absolute) || '.';
    if (options.forWriting && target === undefined) await this.refuseFileAsFolder(absolute);
    const linkEntry = target?.isSymbolicLink ? await this.linkEntryOf(absolute, pathFromModel) : undefined;
    const resolved: ResolvedPath = {
      absolute,
      root,
      relative,
      exists: target !== undefined,
      kind: target?.kind,
      real: { root: realRoot.lexical, relative: realRoot.relative || '.' },
      ...(linkEntry === undefined ? {} : { linkEntry }),
    };
    const isDirectory = target?.kind === 'directory';
    const isHidden = await this.hiddenPathTest();
    const realAbsolute = path.join(realRoot.lexical, realRoot.relative);
    if (this.isHomePrivate(absolute) || this.isHomePrivate(realAbsolute)) {
      throw new ToolError(
        `${this.displayPath(absolute)} holds credentials or shell start-up code of the user's home folder: Elbow's tools never read or change it. Do not try to reach it another way.`,
      );
    }
    if (this.isOwnData(absolute) || this.isOwnData(realAbsolute)) throw this.ownDataError(absolute);
    if (isHidden(absolute, isDirectory) || isHidden(realAbsolute, isDirectory)) {
      throw new ToolError(
        `${this.displayPath(absolute)} is hidden by ${ELBOW_IGNORE_FILE_NAME}: the user has excluded it from the tools. Do not try to reach it another way; ask the user if you need it.`,
      );
    }
    if (options.forWriting) this.assertWritable(resolved, realRoot.relative);
    if (options.mustExist && !resolved.exists) {
      throw new ToolError(`No such file or folder: ${this.displayPath(absolute)}. Use list_files or search to find the right path.`);
    }
    return resolved;
  }

  /** The path to show the user and the model: relative to its root (prefixed with the root's name when there are several). */
  displayPath(absolute: string): string {
    const root = this.innermostRoot(absolute);
    if (!root) return absolute;
    const relative = relativeInside(root, absolute) ?? '';
    if (this.roots.length === 1) return relative || '.';
    const name = path.basename(root);
    return relative ? `${name}/${relative}` : name;
  }

  /**
   * The test the real path of the object a host opens for `resolved` must pass, so that a link
   * swapped in after `resolve` is not followed: for reads and deletes, inside a workspace folder's
   * real path and not hidden (deletes: nor in `.git` or an `.elbowignore`); for writes, the very
   * real path `resolve` checked; for deletes, the very place `resolve` checked (a link's own place
   * for a link), so a folder swapped for a link since cannot turn the delete onto another file.
   * Outside the workspace, only the path the user approved.
   */
  async openedPathCheck(resolved: ResolvedPath, access: OpenedAccess = 'read'): Promise<OpenedPathCheck> {
    if (resolved.outside) {
      const approved = await this.realLocationOf(resolved.absolute, resolved.exists, resolved.absolute).catch(() => resolved.absolute);
      return (real) => real === approved || real === resolved.absolute;
    }
    const inside = await this.containmentCheck(access !== 'read');
    if (access === 'read' || resolved.real === undefined) return inside;
    const place = access === 'delete' ? (resolved.linkEntry ?? resolved.real) : resolved.real;
    const realRoots = await this.loadRealRoots();
    const realRoot = realRoots[this.roots.indexOf(place.root)] ?? place.root;
    const checked = path.join(realRoot, place.relative);
    return (real) => real === checked && inside(real);
  }

  /** Inside a workspace folder's real path and not hidden by `.elbowignore`; for writing, also not in `.git` nor an `.elbowignore`. */
  async containmentCheck(forWriting = false): Promise<OpenedPathCheck> {
    const realRoots = await this.loadRealRoots();
    const isHidden = await this.hiddenPathTest();
    return (real) => {
      const located = this.locateRealPath(realRoots, real);
      if (located === undefined || isHidden(path.join(located.lexical, located.relative), false)) return false;
      const relative = located.relative.toLowerCase();
      return !forWriting || (!relative.split('/').includes('.git') && relative !== ELBOW_IGNORE_FILE_NAME);
    };
  }

  /** A synchronous test for many paths at once, e.g. to filter search results: `.elbowignore`, and the home folder's credentials and start-up files. */
  async hiddenPathTest(): Promise<HiddenPathTest> {
    const rulesByRoot = await Promise.all(this.roots.map(async (root) => ({ root, rules: await this.rulesFor(root) })));
    return (absolutePath, isDirectory) => {
      if (this.isHomePrivate(absolutePath) || this.isOwnData(absolutePath)) return true;
      const root = this.innermostRoot(absolutePath);
      const rules = rulesByRoot.find((entry) => entry.root === root)?.rules;
      const relative = root === undefined ? undefined : relativeInside(root, absolutePath);
      return rules !== undefined && !!relative && ignoresPath(rules, relative, isDirectory);
    };
  }

  private ownDataError(absolute: string): ToolError {
    return new ToolError(`${this.displayPath(absolute)} is in Elbow's own data folder (saved conversations and settings): Elbow's tools never read or change it. Do not try to reach it another way.`);
  }

  private async resolveOutside(absolute: string, options: ResolveOptions): Promise<ResolvedPath> {
    const access = options.outsideAccess as OutsideAccess;
    const { context } = access;
    if (this.isOwnData(absolute)) throw this.ownDataError(absolute);
    await context.permissions.checkOutsideWorkspace(access.access, absolute, { toolName: access.toolName, toolCallId: context.toolCallId ?? '', signal: context.signal });
    const target = await this.host.files.stat(absolute);
    if (options.mustExist && !target) throw new ToolError(`No such file or folder: ${absolute}.`);
    return { absolute, root: path.dirname(absolute), relative: path.basename(absolute), exists: target !== undefined, kind: target?.kind, outside: true };
  }

  private async locate(pathFromModel: string, outsideAllowed = false): Promise<{ root: string; absolute: string; outside?: boolean }> {
    let text = pathFromModel.trim();
    if (text.startsWith('file://')) text = fileURLToPath(text);
    if (text === '~' || text.startsWith('~/')) {
      throw new ToolError(`"${pathFromModel}" uses ~, which tools do not expand. ${this.allowedRootsHint()}`);
    }
    if (path.isAbsolute(text)) {
      const absolute = path.resolve(text);
      const root = this.innermostRoot(absolute);
      if (root) return { root, absolute };
      // The real path of a root reached through a link (e.g. /private/var on macOS for /var).
      const viaRealRoot = await this.rootOfRealPath(absolute);
      if (viaRealRoot) return { root: viaRealRoot.lexical, absolute: path.join(viaRealRoot.lexical, viaRealRoot.relative) };
      if (outsideAllowed) return { root: '', absolute, outside: true };
      throw new ToolError(`"${pathFromModel}" is outside the workspace. ${this.allowedRootsHint()}`);
    }
    const [firstSegment, ...rest] = text.split(/[\\/]+/);
    const namedRoot = this.roots.length > 1 ? this.roots.find((root) => path.basename(root) === firstSegment) : undefined;
    const root = namedRoot ?? this.roots[0];
    if (root === undefined) throw new ToolError('No workspace folder is open, so there are no files to work with.');
    const absolute = namedRoot ? path.resolve(root, ...rest) : path.resolve(root, text || '.');
    if (relativeInside(root, absolute) === undefined) {
      if (outsideAllowed) return { root: '', absolute, outside: true };
      throw new ToolError(`"${pathFromModel}" is outside the workspace. ${this.allowedRootsHint()}`);
    }
    return { root, absolute };
  }

  /** Where the path really is: symbolic links resolved, also in the parents of a path not created yet. */
  private async realLocationOf(absolute: string, exists: boolean, pathFromModel: string): Promise<string> {
    if (exists) {
      try {
        return await this.host.files.realPath(absolute);
      } catch {
        throw new ToolError(`"${pathFromModel}" is a symbolic link whose target does not exist; tools do not follow it.`);
      }
    }
    const missing: string[] = [path.basename(absolute)];
    for (let ancestor = path.dirname(absolute); ; ancestor = path.dirname(ancestor)) {
      if ((await this.host.files.stat(ancestor)) !== undefined) {
        return this.realLocationOf(ancestor, true, pathFromModel).then((real) => path.join(real, ...missing.reverse()));
      }
      if (path.dirname(ancestor) === ancestor) return absolute;
      missing.push(path.basename(ancestor));
    }
  }

  /** A new file under an existing file (`notes.txt/x`) could never be written: refused before anything is. */
  private async refuseFileAsFolder(absolute: string): Promise<void> {
    for (let ancestor = path.dirname(absolute); path.dirname(ancestor) !== ancestor; ancestor = path.dirname(ancestor)) {
      const stat = await this.host.files.stat(ancestor);
      if (stat === undefined) continue;
      if (stat.kind !== 'directory') throw new ToolError(`${this.displayPath(absolute)} cannot be created: ${this.displayPath(ancestor)} is a file, not a folder.`);
      return;
    }
  }

  /** Where a symbolic link itself is; undefined when its folder is not in the workspace (then a delete of it is refused). */
  private async linkEntryOf(absolute: string, pathFromModel: string): Promise<{ root: string; relative: string } | undefined> {
    const folder = await this.realLocationOf(path.dirname(absolute), true, pathFromModel);
    const located = await this.rootOfRealPath(path.join(folder, path.basename(absolute)));
    return located === undefined ? undefined : { root: located.lexical, relative: located.relative || '.' };
  }

  private async rootOfRealPath(realPath: string): Promise<{ lexical: string; relative: string } | undefined> {
    return this.locateRealPath(await this.loadRealRoots(), realPath);
  }

  private loadRealRoots(): Promise<string[]> {
    this.realRoots ??= Promise.all(this.roots.map((root) => this.host.files.realPath(root).catch(() => root)));
    return this.realRoots;
  }

  private locateRealPath(realRoots: readonly string[], realPath: string): { lexical: string; relative: string } | undefined {
    let best: { lexical: string; relative: string; depth: number } | undefined;
    realRoots.forEach((realRoot, index) => {
      const relative = relativeInside(realRoot, realPath);
      if (relative === undefined || (best && best.depth >= realRoot.length)) return;
      best = { lexical: this.roots[index] as string, relative, depth: realRoot.length };
    });
    return best === undefined ? undefined : { lexical: best.lexical, relative: best.relative };
  }

  private assertWritable(resolved: ResolvedPath, realRelative: string): void {
    // Lower case: on case-insensitive disks `.GIT` is `.git`.
    for (const relative of [resolved.relative.toLowerCase(), realRelative.toLowerCase()]) {
      if (relative.split('/').includes('.git')) {
        throw new ToolError(`${this.displayPath(resolved.absolute)} is inside .git; tools do not write there. Use git commands instead.`);
      }
      if (relative === ELBOW_IGNORE_FILE_NAME) {
        throw new ToolError(`${ELBOW_IGNORE_FILE_NAME} belongs to the user; tools do not change it. Ask the user to edit it.`);
      }
    }
  }

  private innermostRoot(absolute: string): string | undefined {
    let best: string | undefined;
    for (const root of this.roots) {
      if (relativeInside(root, absolute) !== undefined && (!best || root.length > best.length)) best = root;
    }
    return best;
  }

  private rulesFor(root: string): Promise<GitignoreRules | undefined> {
    let rules = this.ignoreRules.get(root);
    if (!rules) {
      rules = readIgnoreRules(this.host.files, path.join(root, ELBOW_IGNORE_FILE_NAME), { ignoreCase: true });
      rules.catch(() => this.ignoreRules.delete(root));
      this.ignoreRules.set(root, rules);
    }
    return rules;
  }

  private allowedRootsHint(): string {
    if (this.roots.length === 1) {
      return `Tools can only reach files inside the workspace folder ${this.roots[0]}; use paths relative to it, such as "src/index.ts".`;
    }
    const names = this.roots.map((root) => `${root} (as "${path.basename(root)}/…")`).join(', ');
    return `Tools can only reach files inside the workspace folders ${names}; use paths relative to the first, or starting with a folder's name.`;
  }
}

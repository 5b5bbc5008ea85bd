import * as path from 'node:path';

/** A workspace folder as a chat link sees it: its name and its URI's path (`/`-separated). */
export interface LinkFolder {
  name: string;
  path: string;
}

/** Where a chat link to a file leads: a file inside a workspace folder, or a refusal saying why. */
export type ChatLinkTarget =
  | { kind: 'file'; folderIndex: number; relativePath: string; line?: number }
  | { kind: 'refused'; reason: string };

/**
 * Where a link from the chat such as `src/app.ts#L12` leads (model output, so untrusted). The
 * path is relative to the first folder or, in a multi-root workspace, may start with a folder's
 * name as the tools show paths there (`api/src/app.ts`); it may also be absolute. Whatever the
 * path says, the file must be inside a workspace folder by path segments: with a folder
 * `/work/app`, `../app-secrets/key.txt` is refused, though its path starts with `/work/app`.
 */
export function resolveChatLink(reference: string, folders: readonly LinkFolder[]): ChatLinkTarget {
  const [pathPart = '', lineText] = reference.split('#L');
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return { kind: 'refused', reason: 'it is not a valid path' };
  }
  // Windows takes a backslash for a separator, so a `..\` must count as a step out too.
  const linkPath = decoded.replaceAll('\\', '/');
  if (linkPath === '') return { kind: 'refused', reason: 'it names no file' };
  if (folders.length === 0) return { kind: 'refused', reason: 'no workspace folder is open' };
  const line = Number.parseInt(lineText ?? '', 10);
  const found = insideSomeFolder(path.posix.isAbsolute(linkPath) ? linkPath : absoluteFromRelative(linkPath, folders), folders);
  if (found === undefined) return { kind: 'refused', reason: 'it points outside the workspace folders' };
  if (found.relativePath === '') return { kind: 'refused', reason: 'it names a workspace folder, not a file' };
  return { kind: 'file', ...found, ...(line > 0 ? { line } : {}) };
}

type FolderPath = { folderIndex: number; relativePath: string };

/** Below the folder the path starts with by name (in a multi-root workspace), else below the first folder. */
function absoluteFromRelative(linkPath: string, folders: readonly LinkFolder[]): string {
  const [firstSegment = '', ...rest] = linkPath.split('/');
  const named = folders.length > 1 ? folders.find((folder) => folder.name === firstSegment) : undefined;
  if (named) return path.posix.join(named.path, ...rest);
  return path.posix.join((folders[0] as LinkFolder).path, linkPath);
}

/** In the innermost folder holding it, as `Workspace.displayPath` chooses. */
function insideSomeFolder(absolutePath: string, folders: readonly LinkFolder[]): FolderPath | undefined {
  let best: FolderPath | undefined;
  for (const [folderIndex, folder] of folders.entries()) {
    const found = inside(folder.path, absolutePath, folderIndex);
    if (found && (!best || found.relativePath.length < best.relativePath.length)) best = found;
  }
  return best;
}

/** `target` relative to `folderPath` when no `..` leads out of it, segment by segment. */
function inside(folderPath: string, target: string, folderIndex: number): FolderPath | undefined {
  const relativePath = path.posix.relative(folderPath, target);
  if (relativePath === '..' || relativePath.startsWith('../') || path.posix.isAbsolute(relativePath)) return undefined;
  return { folderIndex, relativePath };
}

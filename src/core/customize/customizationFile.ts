import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { HostFileSystem, OpenedPathCheck } from '../host/fileSystem';
import type { CustomizationProblem } from './customizationProblem';

/** Where a customization came from: the workspace (a cloned repository's, untrusted until the user says so) or the user's home. */
export type CustomizationOrigin = 'workspace' | 'user';

/** One customization file as read, with what its trust is judged on. */
export interface CustomizationFile {
  /** Absolute path. */
  path: string;
  origin: CustomizationOrigin;
  text: string;
  /** Of the path and the bytes together (`customizationHash`): what the user trusts. */
  sha256: string;
  /** The user's own files always; a workspace file once the user trusted this very content. */
  trusted: boolean;
}

/** Larger customization files are not read: one file must not crowd out the conversation or stall the start. */
export const maxCustomizationBytes = 256 * 1024;

/** What is trusted: the file's absolute path and its bytes, so a changed file, or the same bytes elsewhere, is not. */
export function customizationHash(file: string, content: Uint8Array): string {
  return createHash('sha256').update(path.resolve(file)).update('\0').update(content).digest('hex');
}

/**
 * Whether the user trusts the content of a workspace's customization files (hooks, skills, agents,
 * commands). Kept by the host (VS Code's workspace state, the CLI's data folder); VS Code's
 * Restricted Mode trusts nothing.
 */
export interface CustomizationTrust {
  trusts(file: string, sha256: string): Promise<boolean>;
}

/** Trusts no workspace content: where nobody can be asked, and before the user is. */
export const trustsNothing: CustomizationTrust = { trusts: () => Promise.resolve(false) };

/** How customization files are found and read. */
export interface CustomizationReader {
  files: HostFileSystem;
  /** Absolute workspace folders; the first is the one relative paths start from. */
  workspaceRoots: readonly string[];
  /** The user's home, for `~/.agents/…` and `~/.elbow/…`; absent: only the workspace's files are read. */
  homeDirectory?: string;
  /** Judges an opened workspace file's real path: a link out of the workspace, or to an `.elbowignore`d file, fails it. */
  workspaceAllowed: OpenedPathCheck;
  trust: CustomizationTrust;
}

export type ReadCustomization = { ok: true; file: CustomizationFile } | { ok: false; problem: CustomizationProblem };

/**
 * Reads one customization file. A workspace file is read from the opened object and refused when
 * that object lies outside the workspace (a link out); a file over the size limit, or one that is
 * not a regular file, is refused with a problem that says so.
 */
export async function readCustomizationFile(reader: CustomizationReader, file: string, origin: CustomizationOrigin): Promise<ReadCustomization> {
  const refuse = (rule: string): ReadCustomization => ({ ok: false, problem: { file, line: 1, rule } });
  const stat = await reader.files.stat(file).catch(() => undefined);
  if (stat === undefined) return refuse('the file cannot be read');
  if (stat.kind !== 'file') return refuse('not a regular file');
  if (stat.size > maxCustomizationBytes) return refuse(`the file is ${stat.size} bytes, over the ${maxCustomizationBytes}-byte limit for customization files; it is not read`);
  let bytes: Uint8Array;
  try {
    bytes = await reader.files.readFile(file, origin === 'workspace' ? reader.workspaceAllowed : undefined);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return refuse(origin === 'workspace' ? `the file is not read: it leads out of the workspace or is hidden from Elbow (${why})` : `the file cannot be read (${why})`);
  }
  // Checked again on the bytes read: the file may have grown since the stat.
  if (bytes.byteLength > maxCustomizationBytes) return refuse(`the file is over the ${maxCustomizationBytes}-byte limit for customization files; it is not read`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('the file is not UTF-8 text');
  }
  const sha256 = customizationHash(file, bytes);
  const trusted = origin === 'user' || (await reader.trust.trusts(file, sha256).catch(() => false));
  return { ok: true, file: { path: file, origin, text, sha256, trusted } };
}

/** A folder to look in, and whose it is. */
export interface CustomizationFolder {
  path: string;
  origin: CustomizationOrigin;
}

/** `relative` (slash-separated) under each workspace folder, then under the home folder for `homeRelative`. */
export function customizationFolders(reader: CustomizationReader, relative: readonly string[], homeRelative: readonly string[] = []): CustomizationFolder[] {
  const inWorkspace = reader.workspaceRoots.flatMap((root) => relative.map((folder) => ({ path: path.join(root, ...folder.split('/')), origin: 'workspace' as const })));
  const home = reader.homeDirectory;
  const inHome = home === undefined ? [] : homeRelative.map((folder) => ({ path: path.join(home, ...folder.split('/')), origin: 'user' as const }));
  return [...inWorkspace, ...inHome];
}

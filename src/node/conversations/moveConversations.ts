import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** What a move did: files now in the new folder, and files left in the old one (logged). */
export interface ConversationsMoved {
  moved: number;
  left: number;
}

const INDEX_FILE = 'index.json';

/**
 * Moves the saved conversations of `from` into `to`, each file byte for byte whatever its format's
 * version (a newer Elbow reads it there), the old file removed only once the new one is complete. An id
 * already in `to` is never overwritten: the old file goes when it is the same, and stays otherwise.
 * The index is left behind for the store to rebuild from the files; the old folder goes once empty.
 */
export async function moveConversations(from: string, to: string, log: (message: string) => void): Promise<ConversationsMoved> {
  let names: string[];
  try {
    names = await fs.readdir(from);
  } catch (error) {
    if (isMissing(error)) return { moved: 0, left: 0 };
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json') && name !== INDEX_FILE && !name.startsWith('.'));
  if (files.length > 0) await fs.mkdir(to, { recursive: true, mode: 0o700 });
  const result: ConversationsMoved = { moved: 0, left: 0 };
  for (const name of files) {
    try {
      if (await moveFile(path.join(from, name), path.join(to, name))) result.moved++;
      else {
        result.left++;
        log(`Not moving ${path.join(from, name)}: a different conversation of that id is already in ${to}; the file stays where it is.`);
      }
    } catch (error) {
      result.left++;
      log(`Could not move ${path.join(from, name)} to ${to}, it stays where it is: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (result.left === 0) {
    await fs.rm(path.join(from, INDEX_FILE), { force: true });
    // Fails, harmlessly, when something else is still in it.
    await fs.rmdir(from).catch(() => undefined);
  }
  return result;
}

/** `false`: a different file of that name is in the new folder, and the old one stays. */
async function moveFile(source: string, target: string): Promise<boolean> {
  const content = await fs.readFile(source);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
  try {
    await fs.writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
    const placed = await placeExclusively(temporary, target);
    if (!placed && !content.equals(await fs.readFile(target))) return false;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  await fs.rm(source);
  return true;
}

/** Puts the complete file at `target` unless something is there already: a hard link, or a copy that refuses to overwrite where links are not supported. */
async function placeExclusively(temporary: string, target: string): Promise<boolean> {
  try {
    await fs.link(temporary, target);
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    if (!hasCode(error, 'EPERM') && !hasCode(error, 'ENOTSUP') && !hasCode(error, 'EOPNOTSUPP')) throw error;
  }
  try {
    await fs.copyFile(temporary, target, fs.constants.COPYFILE_EXCL);
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  return hasCode(error, 'ENOENT');
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenedPathCheck } from '../../core/host/fileSystem';
import { relativeInside } from '../../core/search/searchScope';
import { checkWriteTarget } from '../../node/guardedFiles/guardedWrite';
import type { ReviewedFile } from './conversationReview';

/**
 * Review's undo (reject, restore a checkpoint) writes only where the agent's change landed: a file
 * swapped for a link since (by a command left running in the background, say) is refused instead
 * of written through, whether the link leads out of the workspace or to a protected file in it.
 * A file review recorded no landing for (a checkpoint of a file whose review ended) is written
 * only at its own name, never through a link there, inside a workspace folder and outside `.git`.
 * Call it right before the write, as the editor's save follows links.
 */
export async function checkReviewWriteTarget(file: string, reviewed: ReviewedFile | undefined, deleting = false): Promise<void> {
  const landed = reviewed?.realPath;
  if (landed !== undefined) {
    await checkWriteTarget(file, (real) => real === landed, deleting);
    return;
  }
  const [own, inside] = await Promise.all([ownPlace(file), insideWorkspaceFolders()]);
  await checkWriteTarget(file, (real) => real === own && inside(real), deleting);
}

/** Where the file's own name is: its folder's real path and its name, so a link there leads elsewhere. */
async function ownPlace(file: string): Promise<string> {
  const folder = await fs.realpath(path.dirname(file)).catch(() => path.dirname(file));
  return path.join(folder, path.basename(file));
}

async function insideWorkspaceFolders(): Promise<OpenedPathCheck> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  const realFolders = await Promise.all(folders.map((folder) => fs.realpath(folder.uri.fsPath).catch(() => folder.uri.fsPath)));
  return (real) =>
    realFolders.some((folder) => {
      const relative = relativeInside(folder, real);
      return relative !== undefined && relative !== '' && !relative.toLowerCase().split('/').includes('.git');
    });
}

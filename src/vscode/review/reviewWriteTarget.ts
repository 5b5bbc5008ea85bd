import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenedPathCheck } from '../../core/host/fileSystem';
import { builtinProtectedPaths, findProtectedPath } from '../../core/sandbox/protectedPaths';
import { relativeInside } from '../../core/search/searchScope';
import { checkWriteTarget } from '../../node/guardedFiles/guardedWrite';
import type { ReviewedFile } from './conversationReview';

/**
 * Review's undo (reject, restore a checkpoint) writes only where the agent's change landed: a file
 * swapped for a link since (by a command left running in the background, say) is refused instead
 * of written through, whether the link leads out of the workspace or to a protected file in it.
 * A file review recorded no landing for (a checkpoint of a file whose review ended, a review saved
 * by an earlier version) is written only at its own path inside a workspace folder, with no link
 * anywhere below the folder, outside `.git` and the protected names. Call it right before the
 * write, as the editor's save follows links.
 */
export async function checkReviewWriteTarget(file: string, reviewed: ReviewedFile | undefined, deleting = false): Promise<void> {
  const landed = reviewed?.realPath;
  const allowed: OpenedPathCheck = landed !== undefined ? (real) => real === landed : await ownUnprotectedPlace(file);
  await checkWriteTarget(file, allowed, deleting);
}

/** Passes only the file's own place: its workspace folder's real path and its path in that folder, neither `.git` nor protected. */
async function ownUnprotectedPlace(file: string): Promise<OpenedPathCheck> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  const places = await Promise.all(
    folders.map(async (folder) => {
      const relative = relativeInside(folder.uri.fsPath, file);
      if (relative === undefined || relative === '') return undefined;
      if (relative.toLowerCase().split('/').includes('.git') || findProtectedPath(relative, builtinProtectedPaths) !== undefined) {
        throw new Error(`Elbow does not write ${relative}, a protected file, for a change whose review has ended; put it back yourself (with git, say).`);
      }
      const realFolder = await fs.realpath(folder.uri.fsPath).catch(() => folder.uri.fsPath);
      return path.join(realFolder, ...relative.split('/'));
    }),
  );
  return (real) => places.includes(real);
}

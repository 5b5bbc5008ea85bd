import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import type { OpenedPathCheck } from '../../core/host/fileSystem';
import { relativeInside } from '../../core/search/searchScope';
import { checkWriteTarget } from '../../node/guardedFiles/guardedWrite';
import type { ReviewedFile } from './conversationReview';

/**
 * Review's undo (reject, restore a checkpoint) writes only where the agent's change landed or
 * inside a workspace folder outside `.git`: a file swapped for a link since (by a command left
 * running in the background, say) is refused instead of written through. Call it right before
 * the write, as the editor's save follows links.
 */
export async function checkReviewWriteTarget(file: string, reviewed: ReviewedFile | undefined, deleting = false): Promise<void> {
  const inside = await insideWorkspaceFolders();
  const landed = reviewed?.realPath;
  await checkWriteTarget(file, (real) => real === landed || inside(real), deleting);
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

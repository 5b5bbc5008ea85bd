import type { OpenedPathCheck } from '../core/host/fileSystem';
import { anyOrdinaryPath, isSystemPath, notAllowedReason, OpenedPathRefused } from './guardedFiles/openedPathRefused';
import { VerifiedFolder } from './guardedFiles/verifiedFolder';

/**
 * The folder ripgrep walks, opened and checked on its real path as read from the descriptor.
 * ripgrep runs with its working folder set through that descriptor, so it walks the opened
 * object even if the name was swapped for a link since, and it follows no link below it.
 */
export async function openRipgrepRoot(directory: string, allowed: OpenedPathCheck = anyOrdinaryPath): Promise<VerifiedFolder> {
  const folder = await VerifiedFolder.open(directory);
  if (isSystemPath(folder.real) || !allowed(folder.real)) {
    await folder.close();
    throw new OpenedPathRefused(directory, notAllowedReason(folder.real));
  }
  return folder;
}

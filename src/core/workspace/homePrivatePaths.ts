import * as path from 'node:path';
import { credentialPaths } from '../sandbox/credentialPaths';

/** The home folder's shell start-up files: whatever they hold runs in the user's next shell. */
export const homeStartupPaths: readonly string[] = ['.profile', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.config/fish'];

/** Elbow's own data folders in the home folder, where it also makes the worktrees tasks run in (`worktrees/<id>`). */
const ownDataPaths: readonly string[] = ['.elbow', '.local/share/elbow'];

/**
 * A test for the credential stores and shell start-up files of the home folder, when a workspace
 * folder holds it (`cd ~ && elbow`): Elbow's tools neither read nor change them. Case is ignored,
 * as on the disks of macOS and Windows. The one exception is a workspace folder that is a task's
 * worktree in Elbow's data folder (`<data folder>/worktrees/<id>`, or a folder in one): what is inside it is the task's
 * workspace; the rest of the data folder stays private.
 */
export function homePrivateTest(homeDirectory: string | undefined, roots: () => readonly string[] = () => []): (absolutePath: string) => boolean {
  if (homeDirectory === undefined || homeDirectory === '') return () => false;
  const privatePaths = [...credentialPaths, ...homeStartupPaths].map((relative) => path.join(homeDirectory, relative).toLowerCase());
  const dataFolders = ownDataPaths.map((relative) => path.join(homeDirectory, relative).toLowerCase());
  const isInside = (folder: string, wanted: string): boolean => wanted === folder || wanted.startsWith(`${folder}${path.sep}`);
  const isTaskWorktree = (root: string): boolean => dataFolders.some((folder) => root.startsWith(`${path.join(folder, 'worktrees')}${path.sep}`));
  return (absolutePath) => {
    const wanted = path.resolve(absolutePath).toLowerCase();
    if (roots().some((root) => { const folder = path.resolve(root).toLowerCase(); return isTaskWorktree(folder) && isInside(folder, wanted); })) return false;
    return privatePaths.some((privatePath) => isInside(privatePath, wanted));
  };
}

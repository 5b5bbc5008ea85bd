import * as path from 'node:path';
import { credentialPaths } from '../sandbox/credentialPaths';

/** The home folder's shell start-up files: whatever they hold runs in the user's next shell. */
export const homeStartupPaths: readonly string[] = ['.profile', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.config/fish'];

/**
 * A test for the credential stores and shell start-up files of the home folder, when a workspace
 * folder holds it (`cd ~ && elbow`): Elbow's tools neither read nor change them. Case is ignored,
 * as on the disks of macOS and Windows.
 */
export function homePrivateTest(homeDirectory: string | undefined): (absolutePath: string) => boolean {
  if (homeDirectory === undefined || homeDirectory === '') return () => false;
  const privatePaths = [...credentialPaths, ...homeStartupPaths].map((relative) => path.join(homeDirectory, relative).toLowerCase());
  return (absolutePath) => {
    const wanted = path.resolve(absolutePath).toLowerCase();
    return privatePaths.some((privatePath) => wanted === privatePath || wanted.startsWith(`${privatePath}${path.sep}`));
  };
}

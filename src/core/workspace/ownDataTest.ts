import * as path from 'node:path';

/**
 * A test for Elbow's own data folder (saved conversations, archived transcripts, trusted configurations),
 * wherever ELBOW_DATA_DIR or XDG_DATA_HOME put it, the workspace included: Elbow's tools neither read nor
 * change it, even with the user's approval of a path outside the workspace. The one exception is a
 * workspace folder inside it (a task's worktree in `<data folder>/worktrees`): what is in that folder is
 * the task's workspace. Case is ignored, as on the disks of macOS and Windows.
 */
export function ownDataTest(dataFolder: string | undefined, roots: () => readonly string[] = () => []): (absolutePath: string) => boolean {
  if (dataFolder === undefined || dataFolder === '') return () => false;
  const data = path.resolve(dataFolder).toLowerCase();
  const isInside = (folder: string, wanted: string): boolean => wanted === folder || wanted.startsWith(`${folder}${path.sep}`);
  return (absolutePath) => {
    const wanted = path.resolve(absolutePath).toLowerCase();
    if (!isInside(data, wanted)) return false;
    return !roots().some((root) => {
      const folder = path.resolve(root).toLowerCase();
      return folder !== data && isInside(data, folder) && isInside(folder, wanted);
    });
  };
}

/** Elbow opened something it may not use: a link swapped in, a device, a folder of the system. The message says what and why. */
export class OpenedPathRefused extends Error {
  readonly code = 'EREFUSED';

  constructor(file: string, reason: string) {
    super(`Elbow did not use ${file}: ${reason}`);
  }
}

/** The check every opened object's real path must pass when the caller gives none. */
export const anyOrdinaryPath = (): boolean => true;

const systemFolders = ['/proc', '/sys', '/dev'];

/** Files that are the kernel's views of processes and devices, never workspace files, whatever links lead there. */
export function isSystemPath(realPath: string): boolean {
  return systemFolders.some((folder) => realPath === folder || realPath.startsWith(`${folder}/`));
}

/** Elbow opened something it may not use: a link swapped in, a device, a folder of the system. The message says what and why. */
export class OpenedPathRefused extends Error {
  /** `EISDIR` for a folder, as Node says it, so callers that tell folders apart keep doing so. */
  constructor(file: string, reason: string, readonly code: 'EREFUSED' | 'EISDIR' = 'EREFUSED') {
    super(`Elbow did not use ${file}: ${reason}`);
  }
}

/** Why an opened object's real path failed the caller's check. */
export function notAllowedReason(real: string): string {
  return `it leads to ${real}, which is outside the workspace, hidden by .elbowignore, or not the file that was checked (a link may have been swapped in since).`;
}

/** The check every opened object's real path must pass when the caller gives none. */
export const anyOrdinaryPath = (): boolean => true;

const systemFolders = ['/proc', '/sys', '/dev'];

/** Files that are the kernel's views of processes and devices, never workspace files, whatever links lead there. */
export function isSystemPath(realPath: string): boolean {
  return systemFolders.some((folder) => realPath === folder || realPath.startsWith(`${folder}/`));
}

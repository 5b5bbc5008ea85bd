import * as path from 'node:path';
import type { HostFileSystem, OpenedPathCheck } from '../host/fileSystem';

/** AGENTS.md beyond this size is cut, so one huge file cannot crowd out the conversation. */
export const maxInstructionsBytes = 32 * 1024;

export interface ProjectInstructions {
  path: string;
  text: string;
}

/**
 * Reads `AGENTS.md` at each workspace root, if present. Unreadable files are skipped, and so is
 * one whose opened object fails `allowed` (a link out of the workspace, to /proc or a device, or
 * to a file `.elbowignore` hides): it would reach the model with no tool call at all.
 */
export async function loadProjectInstructions(files: HostFileSystem, roots: readonly string[], allowed: OpenedPathCheck): Promise<ProjectInstructions[]> {
  const found: ProjectInstructions[] = [];
  for (const root of roots) {
    const file = path.join(root, 'AGENTS.md');
    const stat = await files.stat(file).catch(() => undefined);
    if (stat?.kind !== 'file') continue;
    try {
      const bytes = await files.readFile(file, allowed);
      let text = new TextDecoder().decode(bytes.subarray(0, maxInstructionsBytes));
      if (bytes.byteLength > maxInstructionsBytes) text += `\n[AGENTS.md cut at ${maxInstructionsBytes} bytes]`;
      found.push({ path: file, text: text.trim() });
    } catch {
      // A file that vanished, cannot be read or leads out of the workspace contributes no instructions.
    }
  }
  return found;
}

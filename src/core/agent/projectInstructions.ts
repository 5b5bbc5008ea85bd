import * as path from 'node:path';
import type { HostFileSystem } from '../host/fileSystem';

/** AGENTS.md beyond this size is cut, so one huge file cannot crowd out the conversation. */
export const maxInstructionsBytes = 32 * 1024;

export interface ProjectInstructions {
  path: string;
  text: string;
}

/** Reads `AGENTS.md` at each workspace root, if present. Unreadable files are skipped. */
export async function loadProjectInstructions(files: HostFileSystem, roots: readonly string[]): Promise<ProjectInstructions[]> {
  const found: ProjectInstructions[] = [];
  for (const root of roots) {
    const file = path.join(root, 'AGENTS.md');
    const stat = await files.stat(file).catch(() => undefined);
    if (stat?.kind !== 'file') continue;
    try {
      const bytes = await files.readFile(file);
      let text = new TextDecoder().decode(bytes.subarray(0, maxInstructionsBytes));
      if (bytes.byteLength > maxInstructionsBytes) text += `\n[AGENTS.md cut at ${maxInstructionsBytes} bytes]`;
      found.push({ path: file, text: text.trim() });
    } catch {
      // A file that vanished or cannot be read simply contributes no instructions.
    }
  }
  return found;
}

import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Writes `text` to `file` through a hidden temporary file beside it and a rename, so a reader sees
 * the old content or the new, never half of it; the temporary file is removed when the write fails.
 * `mode`: the permissions a new file gets (the default's otherwise).
 */
export async function writeFileAtomically(file: string, text: string, mode?: number): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    await fs.writeFile(temporary, text, { encoding: 'utf8', mode });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

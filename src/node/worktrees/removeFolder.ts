import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** Removes a folder and everything in it, read-only folders too (a build's caches make some). */
export async function removeFolder(folder: string): Promise<void> {
  try {
    await fs.rm(folder, { recursive: true, force: true });
  } catch {
    await makeWritable(folder);
    await fs.rm(folder, { recursive: true, force: true });
  }
}

async function makeWritable(folder: string): Promise<void> {
  const stats = await fs.lstat(folder).catch(() => undefined);
  if (!stats?.isDirectory()) return;
  await fs.chmod(folder, 0o700).catch(() => undefined);
  for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await makeWritable(path.join(folder, entry.name));
  }
}

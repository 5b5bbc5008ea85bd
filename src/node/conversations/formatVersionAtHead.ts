import * as fs from 'node:fs/promises';

/** The format version a saved file starts with (every version writes it first); `undefined` when there is no such file or it starts otherwise. */
export async function formatVersionAtHead(file: string): Promise<number | undefined> {
  let head: string;
  try {
    const handle = await fs.open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
      head = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  const match = /^\s*\{\s*"version"\s*:\s*(\d+)/.exec(head);
  return match ? Number(match[1]) : undefined;
}

import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { customizationHash } from '../core/customize/customizationFile';
import type { McpConfigFile } from '../core/mcp/mcpServerConfig';
import { relativeInside } from '../core/search/searchScope';
import { serversToStart } from './mcpTrustQuestion';

/**
 * What is trusted of a workspace configuration whose stdio servers run outside the sandbox: its
 * bytes together with the bytes of every workspace file its servers' commands and arguments
 * name (resolved from the server's folder), so a script the model rewrote asks again.
 */
export async function trustedWithExecutedFiles(file: McpConfigFile, content: Buffer): Promise<string> {
  return customizationHash(file.path, Buffer.concat([content, Buffer.from('\0'), await executedFilesDigest(file, content)]));
}

async function executedFilesDigest(file: McpConfigFile, content: Buffer): Promise<Buffer> {
  const folder = file.workspaceFolder ?? path.dirname(path.dirname(file.path));
  const expand = (word: string) => word.replaceAll('${workspaceFolder}', folder);
  const digest = createHash('sha256');
  for (const server of serversToStart(file, content)) {
    if (server.command === undefined) continue;
    const cwd = server.cwd === undefined ? folder : path.resolve(folder, expand(server.cwd));
    for (const word of [server.command, ...server.args]) {
      const named = path.resolve(cwd, expand(word));
      if (relativeInside(folder, named) === undefined) continue;
      digest.update(named).update('\0').update(await bytesOf(named)).update('\0');
    }
  }
  return digest.digest();
}

/** A file's bytes; a marker for a folder or a missing file, so creating one later changes the digest. */
async function bytesOf(file: string): Promise<Buffer> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? Buffer.concat([Buffer.from('file\0'), await fs.readFile(file)]) : Buffer.from('not a file');
  } catch {
    return Buffer.from('missing');
  }
}

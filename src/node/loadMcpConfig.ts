import * as fs from 'node:fs/promises';
import { mergeMcpConfigs, type MergedMcpConfig } from '../core/mcp/mcpConfigMerge';
import { parseMcpConfig, type ParsedMcpConfig } from '../core/mcp/mcpConfigParser';
import type { McpConfigFile } from '../core/mcp/mcpServerConfig';

/**
 * Reads the files (in precedence order) and merges their servers. A file that is not there is
 * skipped, unless the user named it (`cli`).
 */
export async function loadMcpConfig(
  files: readonly McpConfigFile[],
  environment: Readonly<Record<string, string | undefined>>,
  homeDirectory?: string,
): Promise<MergedMcpConfig> {
  const parsed = await Promise.all(files.map(async (file): Promise<ParsedMcpConfig> => {
    const read = await readConfigFile(file);
    if (read.text === undefined) return { servers: [], problems: read.problem === undefined ? [] : [{ file: file.display, message: read.problem }] };
    return parseMcpConfig(read.text, file, environment, homeDirectory);
  }));
  return mergeMcpConfigs(parsed);
}

async function readConfigFile(file: McpConfigFile): Promise<{ text?: string; problem?: string }> {
  try {
    return { text: await fs.readFile(file.path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return file.kind === 'cli' ? { problem: `file not found (${file.path})` } : {};
    if (code === 'EISDIR') return { problem: 'is a folder, not a file' };
    if (code === 'EACCES' || code === 'EPERM') return { problem: 'cannot be read: permission denied' };
    return { problem: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

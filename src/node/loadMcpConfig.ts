import { mergeMcpConfigs, type MergedMcpConfig } from '../core/mcp/mcpConfigMerge';
import { parseMcpConfig, type ParsedMcpConfig } from '../core/mcp/mcpConfigParser';
import type { McpConfigFile } from '../core/mcp/mcpServerConfig';
import { readFileGuarded } from './guardedFiles/guardedRead';

/** Whether a file's servers may be read, judged on the very bytes that are then parsed. */
export type McpConfigAdmission = (file: McpConfigFile, content: Buffer) => Promise<boolean>;

/**
 * Reads the files (in precedence order) and merges their servers. A file that is not there is
 * skipped, unless the user named it (`cli`); so is one `admits` turns away, before anything in it
 * is substituted. `passedEnvironment`: the names the user passes to sandboxed commands, which a
 * workspace file's `${env:NAME}` may read too.
 */
export async function loadMcpConfig(
  files: readonly McpConfigFile[],
  environment: Readonly<Record<string, string | undefined>>,
  homeDirectory?: string,
  admits?: McpConfigAdmission,
  passedEnvironment: readonly string[] = [],
): Promise<MergedMcpConfig> {
  const parsed = await Promise.all(files.map(async (file): Promise<ParsedMcpConfig> => {
    const read = await readConfigFile(file);
    if (read.content === undefined) return { servers: [], problems: read.problem === undefined ? [] : [{ file: file.display, message: read.problem }] };
    if (admits !== undefined && !(await admits(file, read.content))) return { servers: [], problems: [] };
    return parseMcpConfig(read.content.toString('utf8'), file, environment, homeDirectory, passedEnvironment);
  }));
  return mergeMcpConfigs(parsed);
}

/** The file's bytes, or why they could not be read (nothing for a missing file Elbow only looks for). */
export async function readConfigFile(file: McpConfigFile): Promise<{ content?: Buffer; problem?: string }> {
  try {
    return { content: Buffer.from(await readFileGuarded(file.path)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return file.kind === 'cli' ? { problem: `file not found (${file.path})` } : {};
    if (code === 'EISDIR') return { problem: 'is a folder, not a file' };
    if (code === 'EACCES' || code === 'EPERM') return { problem: 'cannot be read: permission denied' };
    return { problem: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

import { parseMcpConfigAsWritten } from '../core/mcp/mcpConfigParser';
import { describeLaunch } from '../core/mcp/mcpServerLaunch';
import type { McpConfigFile, McpServerConfig } from '../core/mcp/mcpServerConfig';
import { printable } from './printable';

/** Lines of the file shown; the servers it would start are listed in full either way. */
const MAX_FILE_LINES = 60;

/** The servers a file would start, as written: nothing is substituted. */
export function serversToStart(file: McpConfigFile, content: Buffer): McpServerConfig[] {
  return parseMcpConfigAsWritten(content.toString('utf8'), file).servers.filter((server) => !server.disabled);
}

/** What the chat shows before starting the servers of a workspace file nobody has trusted yet, ending in the question. */
export function trustQuestion(file: McpConfigFile, content: Buffer): string {
  const servers = serversToStart(file, content);
  const lines = content.toString('utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, MAX_FILE_LINES);
  return [
    `${printable(file.display)} of this workspace wants to start MCP servers, which run with your rights:`,
    ...servers.map((server) => `  ${printable(server.name)}: ${printable(describeLaunch(server))}`),
    `The file (${printable(file.path)}):`,
    ...shown.map((line) => `  │ ${printable(line)}`),
    ...(lines.length > shown.length ? [`  │ … ${lines.length - shown.length} more lines`] : []),
    'Start its servers? Elbow remembers a yes until the file changes. [y]es, [n]o: ',
  ].join('\n');
}

/** A yes to the question. */
export function isYes(answer: string): boolean {
  const word = answer.trim().toLowerCase();
  return word === 'y' || word === 'yes';
}

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpClientHandlers } from '../core/mcp/mcpClientHandlers';
import { mcpRootsOf } from '../core/mcp/mcpRoots';

/** What the terminal answers MCP servers: its working folder is their root. */
export function cliMcpClientHandlers(root: string): McpClientHandlers {
  return {
    roots: () => mcpRootsOf([{ uri: pathToFileURL(root).href, name: path.basename(root) }]),
  };
}

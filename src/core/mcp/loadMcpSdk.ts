import type * as McpSdk from './mcpSdk';

/** The MCP SDK, loaded when the first server starts rather than with the extension (see esbuild.js). */
export function loadMcpSdk(): typeof McpSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime require is what keeps it out of the bundle that activates
  return require('./mcpSdk') as typeof McpSdk;
}

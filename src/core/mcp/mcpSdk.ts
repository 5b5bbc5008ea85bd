/**
 * The parts of the MCP SDK Elbow uses, in one module that esbuild.js bundles on its own
 * (dist/mcpSdk.js): one copy of the SDK, so its error classes are the ones its client throws.
 * Load it through `loadMcpSdk`, when a server starts.
 */
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
export { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
export { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
export {
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
export { auth, extractWWWAuthenticateParams, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';

import type { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpTransportFactory } from '../core/host/mcpTransportFactory';
import { loadMcpSdk } from '../core/mcp/loadMcpSdk';

/** The MCP SDK's own transports: a child process for stdio, `fetch` for streamable HTTP and SSE. */
export const mcpSdkTransports: McpTransportFactory = {
  stdio({ command, args, env, cwd }) {
    const { StdioClientTransport } = loadMcpSdk();
    const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'pipe' });
    return { transport, stderr: transport.stderr as Readable | undefined ?? undefined, pid: () => transport.pid ?? undefined };
  },
  streamableHttp({ url, headers, authProvider, fetch: base }) {
    const { StreamableHTTPClientTransport } = loadMcpSdk();
    return { transport: new StreamableHTTPClientTransport(url, { requestInit: { headers }, authProvider, ...(base === undefined ? {} : { fetch: base }) }), pid: () => undefined };
  },
  sse({ url, headers, authProvider, fetch: base }) {
    const { SSEClientTransport } = loadMcpSdk();
    const options = { requestInit: { headers }, eventSourceInit: { fetch: withHeaders(headers, base) }, authProvider, ...(base === undefined ? {} : { fetch: base }) };
    const transport = new SSEClientTransport(url, options);
    return { transport, pid: () => undefined };
  },
};

/** The SSE stream's own request carries the configured headers too (e.g. Authorization). */
function withHeaders(headers: Record<string, string>, base: FetchLike = fetch): FetchLike {
  return (input, init) => base(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), ...headers } });
}

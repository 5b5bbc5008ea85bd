import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Readable } from 'node:stream';
import type { McpTransportFactory } from '../core/host/mcpTransportFactory';

/** The MCP SDK's own transports: a child process for stdio, `fetch` for streamable HTTP and SSE. */
export const mcpSdkTransports: McpTransportFactory = {
  stdio({ command, args, env, cwd }) {
    const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'pipe' });
    return { transport, stderr: transport.stderr as Readable | undefined ?? undefined, pid: () => transport.pid ?? undefined };
  },
  streamableHttp({ url, headers }) {
    return { transport: new StreamableHTTPClientTransport(url, { requestInit: { headers } }), pid: () => undefined };
  },
  sse({ url, headers }) {
    const transport = new SSEClientTransport(url, { requestInit: { headers }, eventSourceInit: { fetch: withHeaders(headers) } });
    return { transport, pid: () => undefined };
  },
};

/** The SSE stream's own request carries the configured headers too (e.g. Authorization). */
function withHeaders(headers: Record<string, string>): typeof fetch {
  return (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), ...headers } });
}

import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Readable } from 'node:stream';

/** A transport to one MCP server, not yet connected. */
export interface McpTransportHandle {
  transport: Transport;
  /** stdio: the server's standard error, for the log. */
  stderr?: Readable;
  /** stdio: the server's process id once started. */
  pid(): number | undefined;
}

/** stdio: the server's program, started when the transport connects. */
export interface McpStdioLaunch {
  command: string;
  args: string[];
  /** Added to the environment Elbow passes on. */
  env: Record<string, string>;
  cwd: string | undefined;
  /** It comes from the workspace's own configuration (a repository wrote it): the host runs it in the sandbox. */
  fromWorkspace?: boolean;
}

/** sse, streamableHttp: where the server listens, and the headers every request carries. */
export interface McpHttpEndpoint {
  url: URL;
  headers: Record<string, string>;
  /** OAuth (the MCP authorization specification): the transport adds the token and refreshes it on a 401. */
  authProvider?: OAuthClientProvider;
  /** Instead of the global `fetch`, for every request: the endpoint's, the SSE stream's and OAuth's. */
  fetch?: FetchLike;
}

/**
 * How MCP servers are reached where Elbow runs: the host starts their programs (as it runs every
 * other process) and opens their network connections.
 */
export interface McpTransportFactory {
  /** The server's stderr is piped, not inherited. */
  stdio(launch: McpStdioLaunch): McpTransportHandle;
  streamableHttp(endpoint: McpHttpEndpoint): McpTransportHandle;
  sse(endpoint: McpHttpEndpoint): McpTransportHandle;
}

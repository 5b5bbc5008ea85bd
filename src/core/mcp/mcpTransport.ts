import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Readable } from 'node:stream';
import type { McpServerConfig } from './mcpServerConfig';

export interface OpenedTransport {
  transport: Transport;
  /** stdio: the server's standard error, for the log. */
  stderr?: Readable;
  /** stdio: the server's process id once started. */
  pid(): number | undefined;
  /** What it is, for messages: `stdio`, `streamable HTTP`, `SSE`. */
  label: string;
}

/**
 * The transports to try for a server, in order: one for stdio, SSE and streamable HTTP; for
 * `http` (VS Code's type, and a `url` without a type) streamable HTTP and then the older SSE.
 */
export function transportsFor(config: McpServerConfig, defaultCwd: string | undefined): Array<() => OpenedTransport> {
  switch (config.type) {
    case 'stdio':
      return [() => stdio(config, defaultCwd)];
    case 'sse':
      return [() => sse(config)];
    case 'streamableHttp':
      return [() => streamableHttp(config)];
    case 'http':
      return [() => streamableHttp(config), () => sse(config)];
  }
}

function stdio(config: McpServerConfig, defaultCwd: string | undefined): OpenedTransport {
  if (config.command === undefined) throw new Error('No command is configured.');
  const transport = new StdioClientTransport({ command: config.command, args: config.args, env: config.env, cwd: config.cwd ?? defaultCwd, stderr: 'pipe' });
  return { transport, stderr: transport.stderr as Readable | undefined ?? undefined, pid: () => transport.pid ?? undefined, label: 'stdio' };
}

function sse(config: McpServerConfig): OpenedTransport {
  const transport = new SSEClientTransport(urlOf(config), { requestInit: { headers: config.headers }, eventSourceInit: { fetch: withHeaders(config.headers) } });
  return { transport, pid: () => undefined, label: 'SSE' };
}

function streamableHttp(config: McpServerConfig): OpenedTransport {
  const transport = new StreamableHTTPClientTransport(urlOf(config), { requestInit: { headers: config.headers } });
  return { transport, pid: () => undefined, label: 'streamable HTTP' };
}

function urlOf(config: McpServerConfig): URL {
  if (config.url === undefined) throw new Error('No url is configured.');
  return new URL(config.url);
}

/** The SSE stream's own request carries the configured headers too (e.g. Authorization). */
function withHeaders(headers: Record<string, string>): typeof fetch {
  return (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), ...headers } });
}

import type { McpHttpEndpoint, McpTransportFactory, McpTransportHandle } from '../host/mcpTransportFactory';
import { isWorkspaceConfig } from './mcpConfigFiles';
import type { McpServerConfig } from './mcpServerConfig';
import { connectingFetch } from './auth/connectingFetch';

/** OAuth for an endpoint: the provider that adds and refreshes tokens, and the fetch every request goes through. */
export type McpEndpointAuth = Required<Pick<McpHttpEndpoint, 'authProvider' | 'fetch'>>;

export interface OpenedTransport extends McpTransportHandle {
  /** What it is, for messages: `stdio`, `streamable HTTP`, `SSE`. */
  label: string;
}

/**
 * The transports to try for a server, in order: one for stdio, SSE and streamable HTTP; for
 * `http` (VS Code's type, and a `url` without a type) streamable HTTP and then the older SSE.
 */
export function transportsFor(config: McpServerConfig, defaultCwd: string | undefined, transports: McpTransportFactory, auth?: McpEndpointAuth): Array<() => OpenedTransport> {
  switch (config.type) {
    case 'stdio':
      return [() => stdio(config, defaultCwd, transports)];
    case 'sse':
      return [() => sse(config, transports, auth)];
    case 'streamableHttp':
      return [() => streamableHttp(config, transports, auth)];
    case 'http':
      return [() => streamableHttp(config, transports, auth), () => sse(config, transports, auth)];
  }
}

function stdio(config: McpServerConfig, defaultCwd: string | undefined, transports: McpTransportFactory): OpenedTransport {
  if (config.command === undefined) throw new Error('No command is configured.');
  const opened = transports.stdio({ command: config.command, args: config.args, env: config.env, cwd: config.cwd ?? defaultCwd, fromWorkspace: isWorkspaceConfig(config.file) });
  return { ...opened, label: 'stdio' };
}

function sse(config: McpServerConfig, transports: McpTransportFactory, auth: McpEndpointAuth | undefined): OpenedTransport {
  return { ...transports.sse(endpointOf(config, auth)), label: 'SSE' };
}

function streamableHttp(config: McpServerConfig, transports: McpTransportFactory, auth: McpEndpointAuth | undefined): OpenedTransport {
  return { ...transports.streamableHttp(endpointOf(config, auth)), label: 'streamable HTTP' };
}

/** Without a sign-in, the connection reaches only the server's own origin: a redirect elsewhere is refused. */
function endpointOf(config: McpServerConfig, auth: McpEndpointAuth | undefined): McpHttpEndpoint {
  const url = urlOf(config);
  return { url, headers: config.headers, ...(auth ?? { fetch: connectingFetch(url.href, () => Promise.resolve([])) }) };
}

function urlOf(config: McpServerConfig): URL {
  if (config.url === undefined) throw new Error('No url is configured.');
  return new URL(config.url);
}

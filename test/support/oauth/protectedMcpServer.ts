import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { TestAuthorizationServer } from './testAuthorizationServer';
import { readBody, sendJson, sendText } from './oauthWire';

/**
 * A remote MCP server (streamable HTTP, stateless) that is an OAuth 2.1 resource server: it
 * publishes RFC 9728 protected resource metadata naming `authorization`, answers 401 with a
 * `WWW-Authenticate: Bearer resource_metadata=…` challenge (RFC 6750 §3, MCP authorization),
 * and accepts only live tokens issued for its own URL (the audience). Its tool `whoami`
 * returns the token's subject and scope.
 */
export class ProtectedMcpServer {
  /** e.g. `http://127.0.0.1:PORT/mcp`: also the resource identifier tokens are issued for. */
  url = '';
  /** Requests by kind: `mcp` (accepted), `mcp:401`, `resource-metadata`, `tool:whoami`. */
  readonly counts: Record<string, number> = {};
  /** The Authorization headers it received, for checks of where tokens went. */
  readonly authorizations: string[] = [];
  /** Where its 401 says the protected resource metadata is, when not at its own well-known location. */
  challengeResourceMetadataUrl: string | undefined;
  private server: Server | undefined;

  constructor(private readonly authorization: TestAuthorizationServer) {}

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) sendText(response, 500, error instanceof Error ? error.message : String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    this.authorization.resources.add(this.url);
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.server === undefined) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  count(name: string): number {
    return this.counts[name] ?? 0;
  }

  get resourceMetadataUrl(): string {
    return this.challengeResourceMetadataUrl ?? `${new URL(this.url).origin}/.well-known/oauth-protected-resource/mcp`;
  }

  private tally(name: string): void {
    this.counts[name] = (this.counts[name] ?? 0) + 1;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', this.url).pathname;
    // RFC 9728 §3.1: the path-aware location first; the root one for clients of the earlier revision.
    if (request.method === 'GET' && (path === '/.well-known/oauth-protected-resource/mcp' || path === '/.well-known/oauth-protected-resource')) {
      this.tally('resource-metadata');
      return sendJson(response, 200, {
        resource: this.url,
        authorization_servers: [this.authorization.url],
        scopes_supported: this.authorization.scopes,
        bearer_methods_supported: ['header'],
        resource_name: 'Elbow test MCP server',
      });
    }
    if (path !== '/mcp') return sendText(response, 404, 'not found');
    const header = request.headers.authorization;
    if (header !== undefined) this.authorizations.push(header);
    const bearer = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header ?? '')?.[1];
    const checked = bearer === undefined ? undefined : this.authorization.grants.validate(bearer, this.url);
    if (checked === undefined || 'problem' in checked) {
      this.tally('mcp:401');
      await readBody(request).catch(() => '');
      const challenge = [`resource_metadata="${this.resourceMetadataUrl}"`, `scope="${this.authorization.scopes.join(' ')}"`];
      // RFC 6750 §3.1: a request without a token gets no error code; a bad token gets invalid_token.
      if (checked !== undefined) challenge.push('error="invalid_token"', `error_description="${checked.problem}"`);
      return sendJson(response, 401, { error: checked === undefined ? 'unauthorized' : 'invalid_token' }, { 'www-authenticate': `Bearer ${challenge.join(', ')}` });
    }
    this.tally('mcp');
    const body: unknown = request.method === 'POST' ? JSON.parse(await readBody(request)) : undefined;
    const { token } = checked;
    const mcp = new McpServer({ name: 'protected', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Who the access token belongs to, and its scope.' }, () => {
      this.tally('tool:whoami');
      return { content: [{ type: 'text', text: `subject=${token.subject} scope=${token.scope}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, body);
  }
}

/** The authorization server and the MCP server behind it, on two ports of 127.0.0.1. */
export interface OAuthTestServers {
  authorization: TestAuthorizationServer;
  mcp: ProtectedMcpServer;
  close(): Promise<void>;
}

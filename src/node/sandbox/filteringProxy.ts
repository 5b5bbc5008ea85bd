import * as dns from 'node:dns/promises';
import * as http from 'node:http';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import { findAllowedHost, type AllowedHost } from './allowedHosts';
import { isBlockedAddress } from './blockedAddresses';

/** Where the proxy listens: a Unix socket (Linux, bridged into the sandbox) or a loopback port (macOS). */
export type ProxyListen = { socketPath: string } | { port: 0 };

export interface FilteringProxyOptions {
  hosts(): readonly AllowedHost[];
  /** Each refused connection, for the log. */
  onRefused?(target: string, why: string): void;
}

/**
 * The only way out of the sandbox's network namespace: an HTTP proxy (CONNECT tunnels and plain
 * requests) that lets through the hosts the user allowed, and only to addresses that are not
 * this machine's own (a name resolving to loopback is refused unless that address is allowed).
 */
export class FilteringProxy {
  private readonly server: http.Server;
  private readonly sockets = new Set<Duplex>();

  private constructor(private readonly options: FilteringProxyOptions) {
    this.server = http.createServer((request, response) => void this.forward(request, response));
    this.server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => void this.tunnel(request, client, head));
    this.server.on('connection', (socket: net.Socket) => this.track(socket));
  }

  static async start(listen: ProxyListen, options: FilteringProxyOptions): Promise<{ proxy: FilteringProxy; port?: number }> {
    const proxy = new FilteringProxy(options);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      if ('socketPath' in listen) proxy.server.listen(listen.socketPath, resolve);
      else proxy.server.listen(0, '127.0.0.1', resolve);
    });
    const address = proxy.server.address();
    return { proxy, port: typeof address === 'object' && address !== null ? address.port : undefined };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private async tunnel(request: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    client.on('error', () => client.destroy());
    const target = /^\[?([^\]]+?)\]?:(\d+)$/.exec(request.url ?? '');
    if (!target) return refuse(client, 400, 'the CONNECT target must be host:port');
    const [, host = '', portText = ''] = target;
    const decision = await this.decide(host, Number(portText));
    if ('refusal' in decision) {
      this.options.onRefused?.(`${host}:${portText}`, decision.refusal);
      return refuse(client, 403, decision.refusal);
    }
    const upstream = net.connect(Number(portText), decision.address);
    this.track(upstream);
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => refuse(client, 502, `could not connect to ${host}:${portText}`));
    client.once('close', () => upstream.destroy());
  }

  private async forward(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      return void response.writeHead(400).end('Elbow\'s sandbox proxy needs absolute URLs.\n');
    }
    if (url.protocol !== 'http:') return void response.writeHead(400).end('Use CONNECT for anything but plain HTTP.\n');
    const port = url.port === '' ? 80 : Number(url.port);
    const decision = await this.decide(url.hostname, port);
    if ('refusal' in decision) {
      this.options.onRefused?.(`${url.hostname}:${port}`, decision.refusal);
      return void response.writeHead(403, { 'content-type': 'text/plain' }).end(`Blocked by Elbow's sandbox: ${decision.refusal}.\n`);
    }
    const headers = { ...request.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    const upstream = http.request({ host: decision.address, port, path: `${url.pathname}${url.search}`, method: request.method, headers, setHost: false });
    upstream.on('response', (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  }

  /** The address to connect to, or why not. */
  private async decide(host: string, port: number): Promise<{ address: string } | { refusal: string }> {
    const bare = host.replace(/^\[|\]$/g, '');
    const entry = findAllowedHost(this.options.hosts(), bare, port);
    if (entry === undefined) return { refusal: `${host}:${port} is not among the hosts the user allowed (elbow.sandbox.allowedHosts)` };
    if (net.isIP(bare) !== 0) return entry.isAddress ? { address: bare } : { refusal: `${host} is an address; only names were allowed` };
    let addresses: { address: string }[];
    try {
      addresses = await dns.lookup(bare, { all: true });
    } catch {
      return { refusal: `${host} could not be resolved` };
    }
    const allowedLiterals = new Set(this.options.hosts().filter((known) => known.isAddress && (known.port === undefined || known.port === port)).map((known) => known.host));
    const usable = addresses.find((candidate) => allowedLiterals.has(candidate.address) || !isBlockedAddress(candidate.address));
    return usable === undefined ? { refusal: `${host} resolves to this machine or a local-only address` } : { address: usable.address };
  }
}

function refuse(client: Duplex, status: number, why: string): void {
  if (client.writable) client.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nBlocked by Elbow's sandbox: ${why}.\r\n`);
}

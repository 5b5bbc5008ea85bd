import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Stops listening and drops open connections (a hanging stream included). */
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 and a free port for a test's model server. A handler that throws
 * is a bug of the test server: it is recorded as a violation (`<name> crashed: …`) and answered 500.
 */
export async function listenOnLoopback(
  name: string,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  violations: string[],
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      violations.push(`${name} crashed: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

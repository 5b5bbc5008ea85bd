import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
}

export type PageHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface WebPageServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: ServedRequest[];
  route(path: string, handler: PageHandler): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 serving what each test routes; 404 for the rest. */
export async function startWebPageServer(): Promise<WebPageServer> {
  const routes = new Map<string, PageHandler>();
  const requests: ServedRequest[] = [];
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    const handler = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (handler === undefined) {
      response.writeHead(404, 'Not Found').end('missing');
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    route: (path, handler) => routes.set(path, handler),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

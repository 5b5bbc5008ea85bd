import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedHttpRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** An HTTP listener on 127.0.0.1 that records every request it receives and answers 404. */
export interface RecordingHttpListener {
  /** `http://127.0.0.1:PORT` */
  url: string;
  requests: RecordedHttpRequest[];
  close(): Promise<void>;
}

export async function startRecordingHttpListener(): Promise<RecordingHttpListener> {
  const requests: RecordedHttpRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    response.writeHead(404, { 'content-type': 'text/plain', connection: 'close' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

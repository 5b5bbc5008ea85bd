import * as net from 'node:net';
import * as os from 'node:os';

export interface Forwarder {
  /** The fake server's OpenAI base URL, reached through this machine's network address. */
  openaiBaseUrl: string;
  close(): Promise<void>;
}

/**
 * Elbow prices a server on 127.0.0.1 as free (a local model), so the fake server is reached
 * through this machine's own network address, which counts as remote.
 */
export async function forwardFromNetworkAddress(target: URL): Promise<Forwarder | undefined> {
  const address = Object.values(os.networkInterfaces()).flat().find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
  if (address === undefined) return undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    openaiBaseUrl: `http://${address}:${port}${target.pathname}`,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

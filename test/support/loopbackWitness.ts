import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * A witness that a sandboxed command reached (or did not reach) the network: an HTTP listener
 * on 127.0.0.1 in a process of its own (so a busy test cannot pass for a blocked sandbox) that
 * writes one line per connection to a file.
 */
export interface LoopbackWitness {
  port: number;
  /** Connections so far. */
  hits(): Promise<number>;
  close(): Promise<void>;
}

const listener = `
const fs = require('node:fs');
const http = require('node:http');
const [log, socketPath] = process.argv.slice(1);
const record = () => fs.appendFileSync(log, 'hit\\n');
const server = http.createServer((request, response) => response.end('reached'));
server.on('connection', record);
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
if (socketPath) http.createServer((request, response) => response.end('reached')).on('connection', record).listen(socketPath);
`;

/** `socketPath`: also listen on this Unix socket. */
export async function startLoopbackWitness(options: { socketPath?: string } = {}): Promise<LoopbackWitness> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-witness-'));
  const log = path.join(folder, 'hits');
  await fs.writeFile(log, '');
  const child: ChildProcess = spawn(process.execPath, ['-e', listener, log, ...(options.socketPath ? [options.socketPath] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
  });
  return {
    port,
    hits: async () => (await fs.readFile(log, 'utf8')).split('\n').filter((line) => line === 'hit').length,
    close: async () => {
      child.kill();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

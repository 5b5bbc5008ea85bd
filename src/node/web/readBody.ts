import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';

export type BodyResult = { kind: 'body'; bytes: Buffer } | { kind: 'tooLarge' };

/** The response's body, decompressed (gzip, br, deflate), read until `limitBytes` and no further. */
export async function readBody(response: IncomingMessage, limitBytes: number): Promise<BodyResult> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limitBytes) {
      stream.destroy();
      response.destroy();
      return { kind: 'tooLarge' };
    }
    chunks.push(buffer);
  }
  return { kind: 'body', bytes: Buffer.concat(chunks) };
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    default:
      return response;
  }
}

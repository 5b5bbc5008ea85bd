import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createNonce, webviewHtml } from '../../../../src/vscode/chat/webviewHtml';

const root = path.resolve(__dirname, '../../../..');

/** The only files the page may load, by URL path: the built bundle, the stylesheet and the codicons. */
const files: Readonly<Record<string, { file: string; type: string }>> = {
  '/dist/webview/chat.js': { file: 'dist/webview/chat.js', type: 'text/javascript' },
  '/media/chat.css': { file: 'media/chat.css', type: 'text/css' },
  '/dist/codicons/codicon.css': { file: 'dist/codicons/codicon.css', type: 'text/css' },
  '/dist/codicons/codicon.ttf': { file: 'dist/codicons/codicon.ttf', type: 'font/ttf' },
};

export interface WebviewServer {
  /** `http://127.0.0.1:<port>`, used as the page's `cspSource`. */
  readonly origin: string;
  /** Paths requested that are not served (e.g. a relative image a model slipped in). */
  readonly strayRequests: string[];
  close(): Promise<void>;
}

/** Serves the chat page exactly as the extension builds it, from the real build output. */
export async function startWebviewServer(): Promise<WebviewServer> {
  for (const { file } of Object.values(files)) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` (node esbuild.js) before the webview tests.`);
  }
  const strayRequests: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(webviewHtml({
        cspSource: origin,
        nonce: createNonce(),
        scriptUri: `${origin}/dist/webview/chat.js`,
        styleUri: `${origin}/media/chat.css`,
        codiconsUri: `${origin}/dist/codicons/codicon.css`,
      }));
      return;
    }
    const served = files[url.pathname];
    if (url.pathname === '/favicon.ico') {
      // The browser asks for it by itself; a webview has none.
      response.writeHead(204).end();
      return;
    }
    if (served === undefined) {
      strayRequests.push(url.pathname);
      response.writeHead(404).end();
      return;
    }
    readFile(path.join(root, served.file)).then(
      (body) => response.writeHead(200, { 'content-type': served.type, 'cache-control': 'no-store' }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    strayRequests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

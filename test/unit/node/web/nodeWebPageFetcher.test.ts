import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { WebFetchResult } from '../../../../src/core/host/webPageFetcher';
import { NodeWebPageFetcher, type NodeWebPageFetcherOptions } from '../../../../src/node/web/nodeWebPageFetcher';
import { startLoopbackWitness } from '../../../support/loopbackWitness';
import { startWebPageServer, type WebPageServer } from '../../../support/webPageServer';

const article = fs.readFileSync(path.join(__dirname, '../../../fixtures/webPages/wikipedia-mozilla.html'));

describe('NodeWebPageFetcher', function () {
  this.timeout(15_000);
  let server: WebPageServer;

  beforeEach(async () => {
    server = await startWebPageServer();
    server.route('/wiki/Mozilla', (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end(article));
  });
  afterEach(() => server.close());

  const fetcher = (options: Partial<NodeWebPageFetcherOptions> = {}) => new NodeWebPageFetcher({ allowedHosts: () => [`127.0.0.1:${server.port}`], ...options });
  const get = (url: string, options: Partial<NodeWebPageFetcherOptions> = {}): Promise<WebFetchResult> => fetcher(options).fetch(new URL(url), new AbortController().signal);
  const refusal = (result: WebFetchResult): string => {
    assert.equal(result.kind, 'refused', JSON.stringify(result));
    return result.kind === 'refused' ? result.reason : '';
  };

  it('reads a real article as markdown: title, headings, absolute links', async () => {
    const result = await get(`${server.origin}/wiki/Mozilla`);
    assert.equal(result.kind, 'page');
    if (result.kind !== 'page') return;
    assert.equal(result.page.contentType, 'text/html');
    assert.match(result.page.text, /^# Mozilla - Wikipedia\n/);
    assert.match(result.page.text, /^## History/m);
    assert.match(result.page.text, new RegExp(`\\[Netscape\\]\\(${server.origin}/wiki/Netscape`));
    assert.doesNotMatch(result.page.text, /<div|<script/);
  });

  it('refuses this machine by default, even on a port that serves', async () => {
    assert.match(refusal(await get(`${server.origin}/wiki/Mozilla`, { allowedHosts: () => [] })), /127\.0\.0\.1 is a private, local or reserved address/);
    assert.equal(server.requests.length, 0);
  });

  it('refuses a name that resolves to loopback (localhost, or any name a DNS answer points there)', async () => {
    assert.match(refusal(await get(`http://localhost:${server.port}/wiki/Mozilla`, { allowedHosts: () => [] })), /localhost leads to/);
    const rebinding = async () => [{ address: '127.0.0.1', family: 4 }];
    assert.match(refusal(await get(`http://docs.example.com:${server.port}/wiki/Mozilla`, { allowedHosts: () => [], resolve: rebinding })), /docs\.example\.com leads to 127\.0\.0\.1/);
    assert.equal(server.requests.length, 0);
  });

  it('refuses private networks, metadata and the allowed address on another port', async () => {
    for (const address of ['10.0.0.8', '172.20.1.1', '192.168.1.1', '100.64.0.1', '169.254.169.254', '[fd00::1]', '[::1]']) {
      assert.match(refusal(await get(`http://${address}/`, { allowedHosts: () => [] })), /private, local or reserved/, address);
    }
    assert.match(refusal(await get(`http://127.0.0.1:${server.port + 1}/`)), /private, local or reserved/);
  });

  it('refuses this machine however its address is written (IPv4 inside IPv6, decimal, hex, short forms), before any connection', async () => {
    const witness = await startLoopbackWitness();
    try {
      const forms = [
        `[::ffff:127.0.0.1]`, `[::ffff:7f00:1]`, `[0:0:0:0:0:ffff:127.0.0.1]`, `[::127.0.0.1]`, `[64:ff9b::127.0.0.1]`,
        `[2002:7f00:1::1]`, `[2001:0:7f00:1::1]`, `[::]`, '2130706433', '0x7f.1', '127.1', '0177.0.0.1', '0.0.0.0',
      ];
      for (const form of forms) {
        const url = new URL(`http://${form}:${witness.port}/`);
        const onlyWithPort = fetcher({ allowedHosts: () => [] });
        assert.match(onlyWithPort.refusal(url) ?? '', /private, local or reserved/, `${form} is asked about instead of refused`);
        assert.match(refusal(await onlyWithPort.fetch(url, new AbortController().signal)), /private, local or reserved/, form);
      }
      assert.equal(await witness.hits(), 0);
    } finally {
      await witness.close();
    }
  });

  it('checks every redirect again: one to a loopback port not allowed is refused', async () => {
    server.route('/moved', (_request, response) => response.writeHead(302, { location: `http://127.0.0.1:${server.port + 1}/admin` }).end());
    assert.match(refusal(await get(`${server.origin}/moved`)), /127\.0\.0\.1:\d+\/admin was not read/);
  });

  it('follows a redirect on the same host, and returns one to another host without following it', async () => {
    server.route('/old', (_request, response) => response.writeHead(301, { location: '/wiki/Mozilla' }).end());
    server.route('/away', (_request, response) => response.writeHead(302, { location: 'https://example.org/page' }).end());
    const followed = await get(`${server.origin}/old`);
    assert.equal(followed.kind === 'page' && followed.page.url, `${server.origin}/wiki/Mozilla`);
    assert.deepEqual(await get(`${server.origin}/away`), { kind: 'redirect', from: `${server.origin}/away`, location: 'https://example.org/page' });
  });

  it('sends no cookies, no Authorization and follows no proxy variables; a plain User-Agent naming Elbow', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { HTTP_PROXY: 'http://127.0.0.1:9', http_proxy: 'http://127.0.0.1:9', NODE_USE_ENV_PROXY: '1' });
    try {
      assert.equal((await get(`${server.origin}/wiki/Mozilla`)).kind, 'page');
    } finally {
      process.env = saved;
    }
    const headers = server.requests[0]?.headers ?? {};
    assert.match(headers['user-agent'] ?? '', /^Elbow /);
    assert.equal(headers.cookie, undefined);
    assert.equal(headers.authorization, undefined);
    assert.deepEqual(Object.keys(headers).sort(), ['accept', 'accept-encoding', 'connection', 'host', 'user-agent']);
  });

  it('refuses other schemes and credentials in the URL before connecting', async () => {
    assert.match(refusal(await get('file:///etc/passwd')), /only http and https/);
    assert.match(refusal(await get(`http://user:secret@127.0.0.1:${server.port}/wiki/Mozilla`)), /user name or password/);
    assert.equal(server.requests.length, 0);
  });

  it('decompresses gzip and brotli, and honours the charset', async () => {
    server.route('/gzip', (_request, response) => response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(zlib.gzipSync('zipped text')));
    server.route('/br', (_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' }).end(zlib.brotliCompressSync('{"a":1}')));
    server.route('/latin1', (_request, response) => response.writeHead(200, { 'content-type': 'text/plain; charset=ISO-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9])));
    const texts = await Promise.all(['/gzip', '/br', '/latin1'].map(async (route) => {
      const result = await get(`${server.origin}${route}`);
      return result.kind === 'page' ? result.page.text : result.kind;
    }));
    assert.deepEqual(texts, ['zipped text', '{"a":1}', 'café']);
  });

  it('says what a PDF is instead of reading it, and stops at the size cap', async () => {
    server.route('/paper.pdf', (_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7'));
    server.route('/huge', (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(50_000)));
    assert.deepEqual(await get(`${server.origin}/paper.pdf`), { kind: 'notReadable', url: `${server.origin}/paper.pdf`, contentType: 'application/pdf' });
    assert.deepEqual(await get(`${server.origin}/huge`, { maxBytes: 10_000 }), { kind: 'tooLarge', url: `${server.origin}/huge`, limitBytes: 10_000 });
  });

  it('gives up after the timeout, and says a 404', async () => {
    server.route('/slow', () => undefined);
    const slow = await get(`${server.origin}/slow`, { timeoutMs: 300 });
    assert.equal(slow.kind === 'failed' && slow.message, 'no answer within 30 seconds.'.replace('30', '0.3'));
    assert.deepEqual(await get(`${server.origin}/nothing`), { kind: 'httpError', url: `${server.origin}/nothing`, status: 404, statusText: 'Not Found' });
  });
});

import assert from 'node:assert/strict';
import { fetchUrlTool } from '../../../../src/core/tools/builtin/fetchUrl';
import { planModeRefusal } from '../../../../src/core/tools/planMode';
import { NodeWebPageFetcher } from '../../../../src/node/web/nodeWebPageFetcher';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { startWebPageServer, type WebPageServer } from '../../../support/webPageServer';

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('fetch_url', function () {
  this.timeout(15_000);
  let server: WebPageServer;
  let approvals: RecordingApprovals;
  let temp: TempWorkspace;

  beforeEach(async () => {
    server = await startWebPageServer();
    server.route('/notes.txt', (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(numbered(2500)));
    server.route('/page', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Guide</title></head><body><p>See <a href="/next">next</a>.</p></body></html>'));
    server.route('/paper.pdf', (_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF'));
    server.route('/away', (_request, response) => response.writeHead(302, { location: 'https://example.org/moved' }).end());
    approvals = new RecordingApprovals();
    temp = await createTempWorkspace({}, { approvals, web: new NodeWebPageFetcher({ allowedHosts: () => [`127.0.0.1:${server.port}`] }) });
  });
  afterEach(async () => {
    await temp.cleanup();
    await server.close();
  });

  it('asks for the domain, then reads the page as markdown', async () => {
    approvals.answer({ approved: true });
    const result = await temp.callTool('fetch_url', { url: `${server.origin}/page` });
    assert.equal(result.isError, false, result.text);
    assert.deepEqual(approvals.requests, [{ kind: 'webPage', toolCallId: 'call-1', url: `${server.origin}/page`, domain: '127.0.0.1', alwaysAllowOffered: true }]);
    assert.equal(result.text, `[${server.origin}/page · text/html]\n# Guide\n\nSee [next](${server.origin}/next).`);
  });

  it('pages a long text like read_file, and reading on neither fetches nor asks again', async () => {
    approvals.answer({ approved: true });
    const first = await temp.callTool('fetch_url', { url: `${server.origin}/notes.txt` });
    assert.match(first.text, /\[Showing lines 1–2000 of 2500\. To read on, call fetch_url with the same url and offset: 2001\.\]$/);
    const rest = await temp.callTool('fetch_url', { url: `${server.origin}/notes.txt`, offset: 2001 });
    assert.match(rest.text, /\nline 2001\n[\s\S]*line 2500$/);
    assert.equal(approvals.requests.length, 1);
    assert.equal(server.requests.length, 1);
  });

  it('"Always for this domain" is remembered: the next page of it is read unasked', async () => {
    approvals.answer({ approved: true, alwaysAllow: true });
    await temp.callTool('fetch_url', { url: `${server.origin}/page` });
    assert.deepEqual(temp.settings.current().allowedWebDomains, ['127.0.0.1']);
    const second = await temp.callTool('fetch_url', { url: `${server.origin}/notes.txt` });
    assert.equal(second.isError, false);
    assert.equal(approvals.requests.length, 1);
  });

  it('denied: nothing is fetched and the model is told', async () => {
    approvals.answer({ approved: false });
    const result = await temp.callTool('fetch_url', { url: `${server.origin}/page` });
    assert.equal(result.isError, true);
    assert.match(result.text, /The user denied permission to read http:\/\/127\.0\.0\.1:\d+\/page/);
    assert.equal(server.requests.length, 0);
  });

  it('bad input: clear results the model can act on', async () => {
    approvals.answer({ approved: true }, { approved: true });
    assert.match((await temp.callTool('fetch_url', { url: 'not a url' })).text, /"not a url" is not a URL/);
    assert.match((await temp.callTool('fetch_url', { url: 'ftp://example.org/x' })).text, /only http and https/);
    assert.match((await temp.callTool('fetch_url', { url: `${server.origin}/paper.pdf` })).text, /is application\/pdf, not a page fetch_url can read/);
    assert.match((await temp.callTool('fetch_url', { url: `${server.origin}/away` })).text, /redirects to another host: https:\/\/example\.org\/moved\. It was not followed; to read it, call fetch_url with that URL\./);
    assert.equal(approvals.requests.length, 2, 'malformed URLs are refused before asking');
  });
});

describe('fetch_url offered', () => {
  it('only where the host can read web pages', async () => {
    const without = await createTempWorkspace({});
    try {
      assert.match((await without.callTool('fetch_url', { url: 'https://example.org' })).text, /unknown tool|no tool|not a tool/i);
    } finally {
      await without.cleanup();
    }
  });
});

describe('fetch_url and addresses', () => {
  it('refuses a loopback address that is not listed, and localhost, without asking', async () => {
    const approvals = new RecordingApprovals();
    const temp = await createTempWorkspace({}, { approvals, web: new NodeWebPageFetcher({ allowedHosts: () => [] }) });
    try {
      assert.match((await temp.callTool('fetch_url', { url: 'http://127.0.0.1:8080/admin' })).text, /127\.0\.0\.1 is a private, local or reserved address/);
      assert.match((await temp.callTool('fetch_url', { url: 'http://localhost:8080/' })).text, /private, local or reserved/);
      assert.match((await temp.callTool('fetch_url', { url: 'http://[::1]/' })).text, /private, local or reserved/);
      assert.deepEqual(approvals.requests, []);
    } finally {
      await temp.cleanup();
    }
  });
});

describe('fetch_url in plan mode', () => {
  it('runs: it only reads', () => {
    assert.equal(planModeRefusal(fetchUrlTool), undefined);
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import { unattendedHint } from '../../../src/cli/approvalFlags';
import { builtinTools } from '../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { NodeWebPageFetcher } from '../../../src/node/web/nodeWebPageFetcher';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startAskingTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import type { TerminalScreen } from '../../support/terminalScreen';
import { startWebPageServer, type WebPageServer } from '../../support/webPageServer';

const article = fs.readFileSync(path.join(__dirname, '../../fixtures/webPages/wikipedia-mozilla.html'));

describe('interactive chat: fetch_url asks for the domain', function () {
  this.timeout(30_000);
  let llm: FakeLlmServer;
  let pages: WebPageServer;
  let ws: TempWorkspace;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;

  beforeEach(async () => {
    llm = await startFakeLlmServer();
    pages = await startWebPageServer();
    pages.route('/wiki/Mozilla', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(article));
    ws = await createTempWorkspace({}, { web: new NodeWebPageFetcher({ allowedHosts: () => [`127.0.0.1:${pages.port}`] }) });
    const registry = new ToolRegistry();
    for (const tool of builtinTools(ws.host)) registry.register(tool);
    ({ terminal, input, finished } = startAskingTerminalChat(ws.host, llm, registry));
  });
  afterEach(async () => {
    input.end();
    await finished;
    await pages.close();
    await llm.close();
    await ws.cleanup();
  });

  it('"a" reads the page and allows the domain for the rest of the run', async () => {
    llm.enqueue(
      { kind: 'reply', content: [toolCall('fetch_url', { url: `${pages.origin}/wiki/Mozilla` })] },
      { kind: 'reply', content: [text('Read it.')] },
      { kind: 'reply', content: [toolCall('fetch_url', { url: `${pages.origin}/wiki/Mozilla?again` })] },
      { kind: 'reply', content: [text('Again.')] },
    );
    input.write('read the page\r');
    await terminal.waitFor(/Elbow wants to read the web page http:\/\/127\.0\.0\.1:\d+\/wiki\/Mozilla\n\[y\]es, \[a\]lways allow the domain 127\.0\.0\.1, \[n\]o, or type why not: $/, 15_000);
    input.write('a\r');
    await terminal.waitFor(/Elbow: Read it\.\n/, 8_000);
    const sent = JSON.stringify(llm.requests[1]?.body);
    assert.match(sent, /# Mozilla - Wikipedia/);
    assert.match(sent, /## History/);
    input.write('again\r');
    await terminal.waitFor(/Elbow: Again\.\n/, 8_000);
    assert.equal(terminal.text().match(/Elbow wants to read the web page/g)?.length, 1, 'asked only once');
    assert.deepEqual(llm.violations, []);
  });
});

describe('elbow -p and fetch_url', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();
  let pages: WebPageServer;

  beforeEach(async () => {
    pages = await startWebPageServer();
    pages.route('/wiki/Mozilla', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(article));
  });
  afterEach(() => pages.close());

  it('--yes does not allow a new domain; --allow-domain does, and --allow-host opens the loopback address', async () => {
    const refused = unattendedHint({ kind: 'webPage', toolCallId: 'c', url: 'https://example.org/', domain: 'example.org', alwaysAllowOffered: true });
    assert.match(refused, /--allow-domain example\.org/);

    const { server, cwd } = fixture;
    const url = `${pages.origin}/wiki/Mozilla`;
    server.enqueue(
      { kind: 'reply', content: [toolCall('fetch_url', { url })] },
      { kind: 'reply', content: [text('No.')] },
      { kind: 'reply', content: [toolCall('fetch_url', { url })] },
      { kind: 'reply', content: [text('Yes.')] },
    );
    const withYes = await runElbow(['-p', 'read', '--yes', '--allow-host', `127.0.0.1:${pages.port}`, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(withYes.code, 0, withYes.stderr);
    assert.match(JSON.stringify(server.requests[1]?.body), /--yes does not/);
    assert.equal(pages.requests.length, 0);
    const allowed = await runElbow(['-p', 'read', '--allow-domain', '127.0.0.1', '--allow-host', `127.0.0.1:${pages.port}`, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(JSON.stringify(server.requests[3]?.body), /# Mozilla - Wikipedia/);
  });
});

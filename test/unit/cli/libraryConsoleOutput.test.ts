import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCliOnce, elbowEnvironment, runElbow, type ProviderName } from '../../support/elbowCli';

/** Writes the clipboard (OSC 52), retitles the window (OSC 0) and clears the screen (CSI 2J). */
const escapes = '\x1b]52;c;cHduZWQ=\x07\x1b]0;PWNED-TITLE\x07\x1b[2J';

/** A server that answers every POST with `body` as a 200 event stream, and everything else with 404. */
async function startStreamServer(body: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    if (request.method !== 'POST') return void response.writeHead(404, { connection: 'close' }).end();
    response.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function runAgainst(body: string, provider: ProviderName): Promise<string> {
  const { server, url } = await startStreamServer(body);
  try {
    const env = elbowEnvironment({ apiKey: 'test-key', openaiBaseUrl: `${url}/v1`, anthropicBaseUrl: url }, provider);
    const run = await runElbow(['-p', 'hello'], env);
    assert.notEqual(run.code, 0, 'a stream that is not JSON fails the run');
    return run.stderr;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

// A stream line that is not JSON is logged by the provider libraries themselves, raw.
describe('what the provider libraries print reaches the terminal without its control sequences', function () {
  this.timeout(60_000);
  before(buildCliOnce);

  it('an OpenAI-style stream line that is not JSON', async () => {
    const stderr = await runAgainst(`data: ${escapes} not json\n\n`, 'openai');
    assert.ok(!stderr.includes('\x1b'), stderr);
  });

  it('an Anthropic stream event that is not JSON', async () => {
    const stderr = await runAgainst(`event: message_start\ndata: ${escapes} not json\n\n`, 'anthropic');
    assert.ok(!stderr.includes('\x1b'), stderr);
  });

  it('a "thread." event that is not JSON, which the OpenAI library prints with console.error, is shown cut short', async () => {
    const stderr = await runAgainst(`event: thread.message\ndata: ${escapes}${'A'.repeat(100_000)} not json\n\n`, 'openai');
    assert.ok(!stderr.includes('\x1b'), stderr.slice(0, 2_000));
    assert.ok(stderr.length < 10_000, `stderr has ${stderr.length} characters`);
  });
});

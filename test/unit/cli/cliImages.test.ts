import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { PassThrough } from 'node:stream';
import { parseCliArguments, UsageError } from '../../../src/cli/cliArguments';
import { imagesInLine } from '../../../src/cli/imageFiles';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text } from '../../support/fakeLlmServer';
import { pngImage } from '../../support/pngImage';
import { startTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace } from '../../support/tempWorkspace';
import type { TerminalScreen } from '../../support/terminalScreen';

type Body = { messages: Array<{ role: string; content: unknown }> };

describe('images from the command line', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('-p sends each --image with the prompt as an image block', async () => {
    const { server, cwd } = fixture;
    const png = pngImage(64, 32);
    await fs.writeFile(path.join(cwd, 'shot.png'), png);
    server.enqueue({ kind: 'reply', content: [text('A blue rectangle.')] });
    const run = await runElbow(['-p', 'what is this?', '--image', path.join(cwd, 'shot.png'), '--model', 'gpt-4.1', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'A blue rectangle.\n' }, run.stderr);
    const user = (server.requests[0]?.body as Body).messages.find((message) => message.role === 'user');
    assert.deepEqual(user?.content, [
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
      { type: 'text', text: 'what is this?' },
    ]);
  });

  it('-p says a model without vision takes no images, before any request', async () => {
    const { server, cwd } = fixture;
    await fs.writeFile(path.join(cwd, 'shot.png'), pngImage(8, 8));
    const run = await runElbow(['-p', 'what is this?', '--image', path.join(cwd, 'shot.png'), '--model', 'deepseek-chat', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 1);
    assert.match(run.stderr, /deepseek-chat does not accept images; choose a vision model or remove the image\./);
    assert.equal(server.requests.length, 0);
  });

  it('-p refuses an image in another format before any request, saying why', async () => {
    const { server, cwd } = fixture;
    await fs.writeFile(path.join(cwd, 'scan.bmp'), Buffer.from('BM not really'));
    const run = await runElbow(['-p', 'what is this?', '--image', path.join(cwd, 'scan.bmp'), '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--image: .*scan\.bmp is a \.bmp file; the models take PNG, JPEG, GIF or WebP images\./);
    assert.equal(server.requests.length, 0);
  });

  it('-p refuses an image that is a link to /proc, before any request', async function () {
    if (process.platform !== 'linux') this.skip();
    const { server, cwd } = fixture;
    await fs.symlink('/proc/self/environ', path.join(cwd, 'environ.png'));
    const run = await runElbow(['-p', 'what is this?', '--image', path.join(cwd, 'environ.png'), '--model', 'gpt-4.1', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--image: Elbow did not use .*environ\.png: it leads to \/proc\/\d+\/environ, a file of the system/);
    assert.equal(server.requests.length, 0);
  });

  it('--image needs -p', () => {
    assert.throws(() => parseCliArguments(['--image', 'shot.png']), (error: unknown) => error instanceof UsageError && /--image goes with -p/.test(error.message));
    assert.deepEqual(parseCliArguments(['-p', 'look', '--image', 'a.png', '--image', 'b.png']).images, ['a.png', 'b.png']);
  });

  it('finds --image FILE in a chat line, a quoted path with spaces too', () => {
    assert.deepEqual(imagesInLine('why is this red --image shot.png'), { text: 'why is this red', files: ['shot.png'] });
    assert.deepEqual(imagesInLine('--image "my shot.png" compare with --image=b.webp please'), { text: 'compare with please', files: ['my shot.png', 'b.webp'] });
  });
});

describe('images in the interactive chat', function () {
  this.timeout(10_000);

  async function chat(): Promise<{ terminal: TerminalScreen; input: PassThrough; finished: Promise<void>; root: string; server: ReturnType<typeof useCliFixture>['server']; cleanup: () => Promise<void> }> {
    const server = fixture.server;
    const ws = await createTempWorkspace({});
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider: createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl }), settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry() }) });
    return { ...startTerminalChat(session), root: ws.root, server, cleanup: () => ws.cleanup() };
  }
  const fixture = useCliFixture();

  it('sends the images a line names with --image, and gives back a line whose image cannot be sent', async () => {
    const { terminal, input, finished, root, server, cleanup } = await chat();
    const png = pngImage(16, 16);
    await fs.writeFile(path.join(root, 'shot.png'), png);
    server.enqueue({ kind: 'reply', content: [text('A small square.')] });
    await terminal.waitFor(/You: /);
    input.write(`what is this --image ${path.join(root, 'missing.png')}\r`);
    await terminal.waitFor(/--image: no such file: .*missing\.png\n/);
    await terminal.waitFor(/no such file: .*missing\.png\n.*You: .*what is this --image .*missing\.png$/);
    assert.equal(server.requests.length, 0);
    input.write('\x15');
    input.write(`what is this --image ${path.join(root, 'shot.png')}\r`);
    await terminal.waitFor(/Elbow: A small square\.\n/);
    const user = (server.requests[0]?.body as Body).messages.find((message) => message.role === 'user');
    assert.deepEqual(user?.content, [
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
      { type: 'text', text: 'what is this' },
    ]);
    input.end();
    await finished;
    await cleanup();
  });
});

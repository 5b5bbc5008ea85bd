import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript } from '../../support/mcpServers';

describe('elbow -p with an MCP server\'s prompt', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  let server: FakeLlmServer;
  let cwd: string;
  let config: string;

  beforeEach(async () => {
    ({ server, cwd } = fixture);
    config = path.join(cwd, 'servers.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServerScript] } } }));
  });

  const lastUserText = (): string => {
    const body = server.requests[0]?.body as { messages?: Array<{ role: string; content: unknown }> } | undefined;
    const user = body?.messages?.filter((message) => message.role === 'user').at(-1);
    return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content);
  };

  it('sends the prompt\'s text, its arguments taken from the words after /mcp.<server>.<prompt>', async () => {
    server.enqueue({ kind: 'reply', content: [text('Sunny.')] });
    const run = await runElbow(['-p', '/mcp.everything.args-prompt "El Paso" state=Texas', '--mcp-config', config, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'Sunny.\n');
    assert.equal(lastUserText(), 'What\'s weather in El Paso, Texas?');
  });

  it('accepts Claude Code\'s /mcp__<server>__<prompt> and names a missing required argument without asking the model', async () => {
    const run = await runElbow(['-p', '/mcp__everything__args-prompt', '--mcp-config', config, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /elbow: \/mcp\.everything\.args-prompt needs "city" \(Name of the city\)\. Give it after the command, e\.g\. \/mcp\.everything\.args-prompt city=…/);
    assert.equal(server.requests.length, 0);
  });

  it('says which prompts are offered when the one typed is not', async () => {
    const run = await runElbow(['-p', '/mcp.everything.no-such-prompt', '--mcp-config', config, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /elbow: \/mcp\.everything\.no-such-prompt: no running MCP server offers this prompt\. Offered: .*\/mcp\.everything\.simple-prompt/);
    assert.equal(server.requests.length, 0);
  });
});

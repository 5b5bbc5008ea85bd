import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript } from '../../support/mcpServers';

const everything = { mcpServers: { everything: { command: process.execPath, args: [everythingServerScript] } } };

function requestText(server: FakeLlmServer, index: number): string {
  return JSON.stringify(server.requests[index]?.body);
}

describe('elbow command line with MCP servers', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  let server: FakeLlmServer;
  let cwd: string;

  beforeEach(() => {
    ({ server, cwd } = fixture);
  });

  it('gives the model the tools of a server named with --mcp-config and sends back their results', async () => {
    const config = path.join(cwd, 'servers.json');
    await fs.writeFile(config, JSON.stringify(everything));
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'from the terminal' })] },
      { kind: 'reply', content: [text('It echoed.')] },
    );
    const run = await runElbow(['-p', 'echo something', '--yes', '--mcp-config', config, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'It echoed.\n');
    assert.match(run.stderr, /MCP server "everything" connected \(stdio, pid \d+\) with \d+ tools/);
    assert.match(requestText(server, 0), /"name":"mcp__everything__echo"/, 'the tool is offered with the built-in ones');
    assert.match(requestText(server, 1), /Echo: from the terminal/);
  });

  it('reads the workspace\'s .elbow/mcp.json, and refuses MCP tools nobody can approve in a one-shot run', async () => {
    await fs.mkdir(path.join(cwd, '.elbow'));
    await fs.writeFile(path.join(cwd, '.elbow', 'mcp.json'), JSON.stringify(everything));
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__get-sum', { a: 2, b: 3 })] },
      { kind: 'reply', content: [text('Could not add.')] },
    );
    const run = await runElbow(['-p', 'add 2 and 3', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /refused without approval: use get-sum of the MCP server "everything"\. Run with --yes/);
    const result = requestText(server, 1);
    assert.match(result, /permission is needed to use get-sum of the MCP server \\"everything\\"/);
    assert.doesNotMatch(result, /The sum of 2 and 3/);
  });

  it('says which --mcp-config file is missing and still answers', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello.')] });
    const run = await runElbow(['-p', 'hello', '--mcp-config', 'nowhere.json', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'Hello.\n');
    assert.match(run.stderr, /nowhere\.json: file not found/);
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript, growingServerArgs, repositoryRoot } from '../../support/mcpServers';

/** The names of the tools a request to the OpenAI-style endpoint offered. */
function offeredTools(server: FakeLlmServer, index: number): string[] {
  const body = server.requests[index]?.body as { tools?: Array<{ function: { name: string } }> } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

function toolsJson(server: FakeLlmServer, index: number): string {
  return JSON.stringify((server.requests[index]?.body as { tools?: unknown } | undefined)?.tools);
}

describe('elbow command line: MCP lists that change, and roots', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();

  it('offers a tool the server adds during a chat from the next message on, keeping the running one\'s tools as they were', async () => {
    const { server, cwd } = fixture;
    const config = path.join(cwd, 'servers.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { growing: { command: process.execPath, args: growingServerArgs, cwd: repositoryRoot, alwaysAllow: ['add_tool', 'added'] } } }));
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__growing__add_tool', {})] },
      { kind: 'reply', content: [text('Added one.')] },
      { kind: 'reply', content: [toolCall('mcp__growing__added', {})] },
      { kind: 'reply', content: [text('It works.')] },
    );
    const run = await runElbow(['--mcp-config', config, '--cwd', cwd], elbowEnvironment(server, 'openai'), 'add a tool\nuse it\n');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.requests.length, 4, run.stderr);
    assert.ok(offeredTools(server, 0).includes('mcp__growing__add_tool'));
    assert.ok(!offeredTools(server, 1).includes('mcp__growing__added'), 'not within the run that added it');
    assert.equal(toolsJson(server, 1), toolsJson(server, 0), 'the run\'s requests offer the same tools, byte for byte');
    assert.deepEqual(offeredTools(server, 2).filter((name) => name.startsWith('mcp__')), ['mcp__growing__add_tool', 'mcp__growing__added']);
    assert.ok(toolsJson(server, 2).startsWith(toolsJson(server, 0).slice(0, -1)), 'the tools before it are sent as they were');
    assert.match(JSON.stringify(server.requests[3]?.body), /added works/);
    assert.match(run.stderr, /elbow: MCP server "growing": 1 tool added \(added\); offered from the next message\./);
  });

  it('gives a server the working folder as its root', async () => {
    const { server, cwd } = fixture;
    const config = path.join(cwd, 'servers.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServerScript] } } }));
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__get-roots-list', {})] },
      { kind: 'reply', content: [text('Listed.')] },
    );
    const run = await runElbow(['-p', 'which roots?', '--yes', '--mcp-config', config, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.stringify(server.requests[1]?.body);
    assert.ok(result.includes(pathToFileURL(cwd).href), result);
  });
});

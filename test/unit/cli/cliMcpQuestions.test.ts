import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { everythingServerScript } from '../../support/mcpServers';

const everything = { mcpServers: { everything: { command: process.execPath, args: [everythingServerScript], alwaysAllow: ['trigger-elicitation-request'] } } };

function requestText(server: FakeLlmServer, index: number): string {
  return JSON.stringify(server.requests[index]?.body);
}

describe('elbow -p: an MCP server\'s question, nobody to ask', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();

  async function askedRun(flags: readonly string[]): Promise<{ stderr: string; toolResult: string }> {
    const { server, cwd } = fixture;
    const config = path.join(cwd, 'servers.json');
    await fs.writeFile(config, JSON.stringify(everything));
    server.enqueue(
      { kind: 'reply', content: [toolCall('mcp__everything__trigger-elicitation-request', {})] },
      { kind: 'reply', content: [text('Done.')] },
    );
    const run = await runElbow(['-p', 'ask me', '--mcp-config', config, '--cwd', cwd, ...flags], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(server.violations, []);
    return { stderr: run.stderr, toolResult: requestText(server, 1) };
  }

  it('declines by default, and says so on stderr', async () => {
    const { stderr, toolResult } = await askedRun([]);
    assert.match(stderr, /the MCP server "everything" asked a question; declined \(--mcp-questions decline\)/);
    assert.match(toolResult, /User declined to provide the requested information/);
  });

  it('--mcp-questions cancel cancels', async () => {
    assert.match((await askedRun(['--mcp-questions', 'cancel'])).toolResult, /User cancelled the elicitation dialog/);
  });

  it('--mcp-questions defaults declines a form whose required field has no default', async () => {
    const defaults = await askedRun(['--mcp-questions', 'defaults']);
    assert.match(defaults.stderr, /declined \(--mcp-questions defaults\)/);
    assert.match(defaults.toolResult, /User declined/);
  });

  it('refuses an unknown --mcp-questions value', async () => {
    const run = await runElbow(['-p', 'x', '--mcp-questions', 'accept', '--cwd', fixture.cwd], elbowEnvironment(fixture.server, 'openai'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--mcp-questions must be one of decline, cancel, defaults, got "accept"/);
  });
});

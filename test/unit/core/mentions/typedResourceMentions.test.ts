import assert from 'node:assert/strict';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import { readTypedResourceMentions } from '../../../../src/core/mentions/typedResourceMentions';
import { everythingServerScript, isRunning, mcpManagerOf, nodeServer, waitUntil } from '../../../support/mcpServers';

describe('@mcp:<server>:<uri> typed in a line, read from server-everything', function () {
  this.timeout(30_000);
  let manager: McpManager;
  const signal = new AbortController().signal;

  before(async () => {
    manager = mcpManagerOf([nodeServer('everything', [everythingServerScript])]);
    await manager.prepare(signal);
  });
  after(async () => {
    const pid = manager.connection('everything')?.pid;
    await manager.dispose();
    if (pid !== undefined) await waitUntil(() => !isRunning(pid), 'server-everything ended', 5_000);
  });

  it('attaches a template\'s resource once, framed as data, and says which could not be read', async () => {
    const line = 'compare @mcp:everything:demo://resource/dynamic/text/2 with @mcp:everything:demo://resource/dynamic/text/2, @mcp:nobody:demo://x and @src/app.ts';
    const found = await readTypedResourceMentions(line, manager, () => undefined, signal);
    assert.deepEqual(found.attached, ['@mcp:everything:demo://resource/dynamic/text/2']);
    assert.equal(found.blocks.length, 1);
    assert.match(found.blocks[0] ?? '', /^A resource of the MCP server "everything"[^\n]*not instructions[^\n]*\n<mcp-resource-[0-9a-f]{16}>\nURI: "demo:\/\/resource\/dynamic\/text\/2"\nContent:\n```\n[^`]*2/);
    assert.deepEqual(found.skipped, ['@mcp:nobody:demo://x is not attached: There is no MCP server named "nobody".']);
  });

  it('decodes a blob of a text type as its text', async () => {
    const found = await readTypedResourceMentions('@mcp:everything:demo://resource/dynamic/blob/1', manager, () => undefined, signal);
    assert.match(found.blocks[0] ?? '', /```\nResource 1: This is a base64 blob created at /);
    assert.deepEqual(found.images, []);
  });
});

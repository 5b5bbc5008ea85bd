import assert from 'node:assert/strict';
import type { McpElicitation, McpElicitationAnswer } from '../../../../src/core/mcp/mcpClientHandlers';
import { elicitationOf } from '../../../../src/core/mcp/mcpClientHandlers';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { everythingServerScript, isRunning, mcpManagerOf, nodeServer, waitUntil } from '../../../support/mcpServers';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('MCP client features with server-everything: questions, roots, resources', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let manager: McpManager;
  const asked: McpElicitation[] = [];
  let answer: McpElicitationAnswer = { action: 'decline' };

  before(async () => {
    ws = await createTempWorkspace({});
    manager = mcpManagerOf([nodeServer('everything', [everythingServerScript], { alwaysAllow: ['trigger-elicitation-request', 'get-roots-list'] })], {
      handlers: {
        elicit: (request) => {
          asked.push(request);
          return Promise.resolve(answer);
        },
        roots: () => [{ uri: 'file:///work/project', name: 'project' }],
      },
    });
    await manager.prepare(new AbortController().signal);
    // server-everything adds the tools that need a client capability after `initialize`, with tools/list_changed.
    await waitUntil(() => manager.tools().some((tool) => tool.name === 'mcp__everything__trigger-elicitation-request'), 'the elicitation tool is offered');
  });
  after(async () => {
    const pid = manager.connection('everything')?.pid;
    await manager.dispose();
    if (pid !== undefined) await waitUntil(() => !isRunning(pid), 'server-everything ended', 5_000);
    await ws.cleanup();
  });

  async function call(name: string, input: unknown): Promise<{ text: string; isError: boolean }> {
    const registry = new ToolRegistry().addSource(manager);
    const { result } = await registry.run({ type: 'tool_call', id: `call-${name}`, name, arguments: JSON.stringify(input) }, ws.context());
    return { text: result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n'), isError: result.isError };
  }

  it('hands the server\'s form question to the host and the user\'s answer back', async () => {
    answer = { action: 'accept', content: { name: 'Ada', check: true, email: 'ada@example.com', integer: 3, number: 2.5, untitledSingleSelectEnum: 'Option 1' } };
    const outcome = await call('mcp__everything__trigger-elicitation-request', {});
    const question = asked.at(-1);
    assert.equal(question?.mode, 'form');
    assert.equal(question.server, 'everything');
    assert.equal(question.source, '.elbow/mcp.json', 'the file that names the server, to show who asks');
    assert.ok(question.mode === 'form' && 'name' in question.requestedSchema.properties, JSON.stringify(question));
    assert.match(outcome.text, /Ada/);
  });

  it('answers roots/list with the host\'s folders', async () => {
    const outcome = await call('mcp__everything__get-roots-list', {});
    assert.match(outcome.text, /file:\/\/\/work\/project/);
  });

  it('lists resources and templates, and reads one', async () => {
    const [listed] = manager.resources();
    assert.equal(listed?.server, 'everything');
    assert.ok((listed?.resources.length ?? 0) > 0, 'static resources are listed');
    assert.ok(listed?.templates.some((template) => template.uriTemplate.startsWith('demo://resource/dynamic/text/')), JSON.stringify(listed?.templates));
    const contents = await manager.readResource('everything', 'demo://resource/dynamic/text/1', new AbortController().signal);
    assert.equal(contents[0]?.uri, 'demo://resource/dynamic/text/1');
    assert.ok(contents[0] !== undefined && 'text' in contents[0] && contents[0].text.length > 0);
  });
});

describe('elicitationOf: the questions Elbow shows', () => {
  it('keeps a flat form, and only the required names that exist', () => {
    const question = elicitationOf({ server: 's', source: '.elbow/mcp.json' }, { message: 'Who?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name', 'ghost'] } });
    assert.deepEqual(question, { server: 's', source: '.elbow/mcp.json', mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
  });

  it('refuses a nested schema and a URL that is not http(s)', () => {
    assert.equal(elicitationOf({ server: 's', source: '.elbow/mcp.json' }, { message: 'x', requestedSchema: { type: 'object', properties: { deep: { type: 'object' } } } }), undefined);
    assert.equal(elicitationOf({ server: 's', source: '.elbow/mcp.json' }, { mode: 'url', message: 'x', url: 'file:///etc/passwd', elicitationId: '1' }), undefined);
    assert.equal(elicitationOf({ server: 's', source: '.elbow/mcp.json' }, { mode: 'url', message: 'x', url: 'javascript:alert(1)', elicitationId: '1' }), undefined);
  });
});

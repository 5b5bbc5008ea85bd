import assert from 'node:assert/strict';
import type { McpElicitation } from '../../../../src/core/mcp/mcpClientHandlers';
import { isRunning, mcpManagerOf, McpTestLog, nodeServer, repositoryRoot, waitUntil } from '../../../support/mcpServers';

/**
 * A stdio server (the SDK's low-level Server) that asks a question as soon as it is initialized (no call of its runs),
 * and whose tool `ask` asks `times` questions in a row, returning the actions it got.
 */
const askingServerArgs = ['--input-type=module', '-e', `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'asking', version: '1.0.0' }, { capabilities: { tools: {} } });
const question = { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
server.oninitialized = () => {
  setTimeout(() => server.elicitInput(question).then((answer) => process.stderr.write('idle answer ' + answer.action + '\\n')), 100);
};
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'ask', inputSchema: { type: 'object', properties: { times: { type: 'number' } } } }] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const actions = [];
  for (let i = 0; i < request.params.arguments.times; i++) actions.push((await server.elicitInput(question)).action);
  return { content: [{ type: 'text', text: actions.join(',') }] };
});
await server.connect(new StdioServerTransport());
`];

describe('A server asks only about the call it is running', function () {
  this.timeout(30_000);

  it('cancels a question asked between calls without asking the user, and a flood during a call after five', async () => {
    const asked: McpElicitation[] = [];
    const log = new McpTestLog();
    const manager = mcpManagerOf([nodeServer('asking', askingServerArgs, { cwd: repositoryRoot })], {
      log,
      handlers: {
        elicit: (question) => {
          asked.push(question);
          return Promise.resolve({ action: 'accept', content: { name: 'Ada' } });
        },
      },
    });
    try {
      await manager.prepare(new AbortController().signal);
      await waitUntil(() => log.lines.some((line) => /idle answer cancel/.test(line)), `the idle question was cancelled: ${log.lines.join('\n')}`);
      assert.equal(asked.length, 0, 'the user was not asked between calls');
      const result = await manager.connection('asking')?.callTool('ask', { times: 7 }, new AbortController().signal);
      const text = JSON.stringify(result?.content);
      assert.match(text, /"accept,accept,accept,accept,accept,cancel,cancel"/);
      assert.equal(asked.length, 5);
    } finally {
      const pid = manager.connection('asking')?.pid;
      await manager.dispose();
      if (pid !== undefined) await waitUntil(() => !isRunning(pid), 'the server ended', 5_000);
    }
  });

  it('takes a question away from the user when the call it came with is stopped', async () => {
    const ended: string[] = [];
    const manager = mcpManagerOf([nodeServer('asking', askingServerArgs, { cwd: repositoryRoot })], {
      log: new McpTestLog(),
      handlers: {
        elicit: (question, signal) => new Promise((resolve) => {
          ended.push('asked');
          signal.addEventListener('abort', () => {
            ended.push('taken away');
            resolve({ action: 'cancel' });
          }, { once: true });
        }),
      },
    });
    try {
      await manager.prepare(new AbortController().signal);
      const stop = new AbortController();
      const call = manager.connection('asking')?.callTool('ask', { times: 1 }, stop.signal);
      await waitUntil(() => ended.includes('asked'), 'the question was asked');
      stop.abort();
      await assert.rejects(Promise.resolve(call));
      await waitUntil(() => ended.includes('taken away'), 'the question was taken away with its call', 3_000);
    } finally {
      const pid = manager.connection('asking')?.pid;
      await manager.dispose();
      if (pid !== undefined) await waitUntil(() => !isRunning(pid), 'the server ended', 5_000);
    }
  });
});

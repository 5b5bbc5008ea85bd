import assert from 'node:assert/strict';
import { unattendedElicit } from '../../../src/cli/unattendedQuestions';
import type { McpElicitation } from '../../../src/core/mcp/mcpClientHandlers';

const form: McpElicitation = {
  server: 'tracker',
  source: '.elbow/mcp.json',
  mode: 'form',
  message: 'Which project?',
  requestedSchema: { type: 'object', properties: { project: { type: 'string', enum: ['web', 'api'], default: 'api' }, notify: { type: 'boolean' } }, required: ['project'] },
};
const url: McpElicitation = { server: 'tracker', source: '.elbow/mcp.json', mode: 'url', message: 'Sign in', url: 'https://example.com/', elicitationId: 'e1' };

describe('--mcp-questions: answering a server\'s question in a run nobody watches', () => {
  it('defaults accepts with the schema\'s defaults when every required field has one, and never opens a URL', async () => {
    const notes: string[] = [];
    const elicit = unattendedElicit('defaults', (line) => notes.push(line));
    assert.deepEqual(await elicit(form), { action: 'accept', content: { project: 'api' } });
    assert.deepEqual(await elicit(url), { action: 'decline' });
    assert.deepEqual(notes, [
      'elbow: the MCP server "tracker" asked a question; accepted with its defaults (--mcp-questions defaults).\n',
      'elbow: the MCP server "tracker" asked a question; declined (--mcp-questions defaults).\n',
    ]);
  });

  it('decline and cancel answer so whatever was asked', async () => {
    assert.deepEqual(await unattendedElicit('decline', () => undefined)(form), { action: 'decline' });
    assert.deepEqual(await unattendedElicit('cancel', () => undefined)(url), { action: 'cancel' });
  });
});

import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { EditFormatSetting } from '../../../../src/core/tools/editFormat';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

interface SentTool {
  function: { name: string };
}

describe('the edit tool a session offers', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let server: FakeLlmServer;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    server = await startFakeLlmServer();
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  async function offered(model: string, editFormat?: EditFormatSetting): Promise<{ tools: string[]; system: string }> {
    const agent = await createAgentSession({ host: ws.host, settings: { provider: 'openai', model, baseUrl: server.openaiBaseUrl, ...(editFormat === undefined ? {} : { editFormat }) }, apiKey: server.apiKey });
    server.enqueue({ kind: 'reply', content: [text('Hi.')] });
    await agent.send('hello', () => undefined);
    const body = server.requests.at(-1)?.body as { tools: SentTool[]; messages: Array<{ role: string; content: string }> };
    return { tools: body.tools.map((tool) => tool.function.name), system: body.messages.find((message) => message.role === 'system')?.content ?? '' };
  }

  it('sends apply_patch instead of edit_file to a model trained on patches, and says so in the system prompt', async () => {
    const { tools, system } = await offered('gpt-5');
    assert.ok(tools.includes('apply_patch'), tools.join());
    assert.ok(!tools.includes('edit_file'), tools.join());
    assert.match(system, /Make focused changes with apply_patch/);
  });

  it('sends edit_file, not apply_patch, to other models', async () => {
    const { tools, system } = await offered('qwen3-coder');
    assert.ok(tools.includes('edit_file') && !tools.includes('apply_patch'), tools.join());
    assert.match(system, /Make focused changes with edit_file/);
  });

  it('follows elbow.edits.format over the table', async () => {
    assert.ok((await offered('gpt-5', 'edit_file')).tools.includes('edit_file'));
    assert.ok((await offered('qwen3-coder', 'apply_patch')).tools.includes('apply_patch'));
  });

  it('refuses a call of the edit tool the model is not offered, naming the one to use, and runs the retry with it', async () => {
    const agent = await createAgentSession({ host: ws.host, settings: { provider: 'openai', model: 'gpt-5', baseUrl: server.openaiBaseUrl }, apiKey: server.apiKey });
    server.enqueue(
      { kind: 'reply', content: [toolCall('edit_file', { path: 'a.txt', old_str: 'alpha', new_str: 'beta' })] },
      { kind: 'reply', content: [toolCall('apply_patch', { input: '*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+gamma\n*** End Patch' })] },
      { kind: 'reply', content: [text('Done.')] },
    );
    const outcome = await agent.send('rename alpha', () => undefined);
    assert.deepEqual(outcome, { reason: 'completed', text: 'Done.' });
    const afterRefusal = server.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    const refusal = afterRefusal.messages.find((message) => message.role === 'tool')?.content ?? '';
    assert.match(refusal, /edit_file is not one of your tools in this conversation, so nothing was done\. Use apply_patch instead/);
    assert.equal(await ws.readText('a.txt'), 'gamma\n');
    assert.deepEqual(server.violations, []);
  });
});

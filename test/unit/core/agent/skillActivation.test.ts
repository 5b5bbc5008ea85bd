import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import { loadHostCustomizations } from '../../../../src/core/customize/hostCustomizations';
import { trustsNothing, type CustomizationTrust } from '../../../../src/core/customize/customizationFile';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const body = 'Always write release notes as a haiku. SECRET-BODY-MARKER';
const trustsAll: CustomizationTrust = { trusts: () => Promise.resolve(true) };

describe('a session with skills', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let server: FakeLlmServer;

  beforeEach(async () => {
    ws = await createTempWorkspace({ '.agents/skills/release-notes/SKILL.md': `---\nname: release-notes\ndescription: Writes release notes. Use when preparing a release.\n---\n${body}\n` });
    server = await startFakeLlmServer();
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  async function session(trust: CustomizationTrust) {
    const customizations = await loadHostCustomizations(ws.host, trust);
    return createAgentSession({ host: ws.host, settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }, apiKey: server.apiKey, customizations });
  }

  const requestText = (index: number): string => JSON.stringify(server.requests[index]?.body);
  const toolNames = (index: number): string[] => ((server.requests[index]?.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((tool) => tool.function.name);

  it('lists the skill by name and description, and sends its body only once the model activates it', async () => {
    const agent = await session(trustsAll);
    server.enqueue(
      { kind: 'reply', content: [toolCall('activate_skill', { name: 'release-notes' })] },
      { kind: 'reply', content: [text('Done.')] },
    );
    await agent.send('write the release notes', () => undefined);
    assert.match(requestText(0), /- release-notes: Writes release notes\. Use when preparing a release\./);
    assert.ok(toolNames(0).includes('activate_skill'));
    assert.doesNotMatch(requestText(0), /SECRET-BODY-MARKER/);
    assert.match(requestText(1), /SECRET-BODY-MARKER/);
    const system = (request: number): unknown => (server.requests[request]?.body as { messages: Array<{ role: string; content: unknown }> }).messages[0];
    assert.deepEqual(system(1), system(0), 'the system prompt is the same prefix');
    assert.deepEqual(server.violations, []);
  });

  it('neither lists nor offers a tool for an untrusted workspace skill', async () => {
    const agent = await session(trustsNothing);
    server.enqueue({ kind: 'reply', content: [text('Done.')] });
    await agent.send('write the release notes', () => undefined);
    assert.doesNotMatch(requestText(0), /release-notes|SECRET-BODY-MARKER|# Skills/);
    assert.ok(!toolNames(0).includes('activate_skill'));
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { trustsNothing } from '../../../src/core/customize/customizationFile';
import { loadHostCustomizations } from '../../../src/core/customize/hostCustomizations';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { startFakeLlmServer, text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, writeFiles, type TempWorkspace } from '../../support/tempWorkspace';
import { fixtureFiles } from '../core/customize/promptFixtures';

const lastUserText = (server: FakeLlmServer): string => {
  const messages = (server.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  const content = messages.filter((message) => message.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
};

describe('prompt files in the interactive chat', function () {
  this.timeout(15_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({ ...(await fixtureFiles('claude-project')), ...(await fixtureFiles('copilot-project')) });
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  async function chat() {
    const provider = createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
    const customizations = await loadHostCustomizations(ws.host, trustsNothing);
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry(), customizations }) });
    return startTerminalChat(session);
  }

  it('/help lists the prompt files; /fix-issue 42 sends the filled-in prompt', async () => {
    const { terminal, input, finished } = await chat();
    await terminal.waitFor(/You: /);
    input.write('/help\r');
    await terminal.waitFor(/\/fix-issue \[issue-number\] Fix a numbered issue/);
    assert.match(terminal.text(), /\/review-pr \[pr-number\] \[priority\] Review a pull request for bugs and style \["allowed-tools" is not applied/);
    assert.match(terminal.text(), /\/frontend:component/);
    server.enqueue({ kind: 'reply', content: [text('Fixed.')] });
    input.write('/fix-issue 42\r');
    await terminal.waitFor(/Elbow: Fixed\.\n/);
    assert.equal(lastUserText(server), 'Find and fix issue #42 following our coding standards.');
    input.end();
    await finished;
  });

  it("asks for a prompt file's ${input:…} values on the terminal", async () => {
    const { terminal, input, finished } = await chat();
    await terminal.waitFor(/You: /);
    server.enqueue({ kind: 'reply', content: [text('Made it.')] });
    input.write('/create-form\r');
    await terminal.waitFor(/create-form needs formName \(Name of the form\): /);
    input.write('Signup\r');
    await terminal.waitFor(/needs fields: /);
    input.write('email\r');
    await terminal.waitFor(/Elbow: Made it\.\n/);
    assert.match(lastUserText(server), /^Create a form named Signup with the fields email\./);
    input.end();
    await finished;
  });

  it('refuses an untrusted command file that runs programs, sends nothing and gives the line back', async () => {
    const { terminal, input, finished } = await chat();
    await terminal.waitFor(/You: /);
    input.write('/review-pr 7 high\r');
    await terminal.waitFor(/Not sent: \/review-pr runs commands/);
    assert.match(terminal.text(), /Elbow: Trust This Workspace's Customizations/);
    assert.equal(server.requests.length, 0);
    input.end();
    await finished;
  });
});

describe('elbow -p "/name args"', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('runs a prompt file with its argument', async () => {
    const { server, cwd } = fixture;
    await writeFiles(cwd, await fixtureFiles('claude-project'));
    server.enqueue({ kind: 'reply', content: [text('Done.')] });
    const run = await runElbow(['-p', '/fix-issue 42', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(lastUserText(server), 'Find and fix issue #42 following our coding standards.');
  });

  it('fails with what to type when a value is missing, sending nothing', async () => {
    const { server, cwd } = fixture;
    await fs.mkdir(path.join(cwd, '.github'), { recursive: true });
    await writeFiles(cwd, await fixtureFiles('copilot-project'));
    const run = await runElbow(['-p', '/create-form formName=Signup', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /\/create-form needs fields: give it as fields=… after the name/);
    assert.equal(server.requests.length, 0);
  });
});

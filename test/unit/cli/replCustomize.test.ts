import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { CliCustomizationTrust } from '../../../src/cli/cliCustomizationTrust';
import { customizeCommand } from '../../../src/cli/customizeCommand';
import { runInteractiveChat } from '../../../src/cli/repl';
import { TrustedContentStore, trustStoreFile } from '../../../src/cli/trustedContentStore';
import { AgentSession } from '../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../src/core/agent/sessionSetup';
import { createProvider } from '../../../src/core/llm/providers/createProvider';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import { createTerminalScreen } from '../../support/terminalScreen';
import { oneOfEach } from '../core/customize/customizationsFixture';

describe('interactive chat: /customize', () => {
  let ws: TempWorkspace;
  let dataFolder: string;
  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
    dataFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-repl-customize-'));
  });
  afterEach(async () => {
    await ws.cleanup();
    await fs.rm(dataFolder, { recursive: true, force: true });
  });

  it('lists what was found, and /customize trust asks before remembering it', async () => {
    const store = new TrustedContentStore(trustStoreFile(dataFolder));
    const trust = new CliCustomizationTrust(store, false);
    const found = oneOfEach(ws.root);
    const load = async (): Promise<typeof found> => ({ ...found, skills: await Promise.all(found.skills.map(async (skill) => ({ ...skill, file: { ...skill.file, trusted: await trust.trusts(skill.file.path, skill.file.sha256) } }))) });
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider: createProvider({ provider: 'openai', apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1' }), settings: { provider: 'openai', model: 'm' }, system: 's', registry: new ToolRegistry() }) });
    const terminal = createTerminalScreen();
    const finished = runInteractiveChat(session, { input: terminal.input, output: terminal.output, renderer: terminal.renderer, customize: customizeCommand({ load, trust, root: ws.root }) });
    await terminal.waitFor(/You: /);
    terminal.input.write('/customize\r');
    await terminal.waitFor(/Skills:\n {2}review {2}workspace \.claude\/skills\/review\/SKILL\.md {2}untrusted {2}on {2}\d+ tokens\n/);
    terminal.input.write('/customize trust\r');
    await terminal.waitFor(/Trust them\? Elbow remembers a yes until a file changes\. \[y\]es, \[n\]o: $/);
    terminal.input.write('y\r');
    await terminal.waitFor(/Trusted\. They are used from the next time you start elbow in this folder\./);
    terminal.input.write('/customize\r');
    await terminal.waitFor(/review {2}workspace \.claude\/skills\/review\/SKILL\.md {2}trusted {2}on/);
    assert.equal(await store.has(found.skills[0]?.file.sha256 ?? ''), true);
    terminal.input.end();
    await finished;
  });
});

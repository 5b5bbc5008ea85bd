import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import type { PassThrough } from 'node:stream';
import { decisionFor } from '../../../src/cli/cliApprovals';
import { builtinTools } from '../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startAskingTerminalChat } from '../../support/terminalChat';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';
import type { TerminalScreen } from '../../support/terminalScreen';

describe('interactive chat: permission prompts', function () {
  this.timeout(15_000);
  let server: FakeLlmServer;
  let ws: TempWorkspace;
  let input: PassThrough;
  let terminal: TerminalScreen;
  let finished: Promise<void>;

  const waitFor = (pattern: RegExp): Promise<void> => terminal.waitFor(pattern, 8_000);

  beforeEach(async () => {
    server = await startFakeLlmServer();
    ws = await createTempWorkspace({});
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    ({ terminal, input, finished } = startAskingTerminalChat(ws.host, server, registry));
  });
  afterEach(async () => {
    input.end();
    await finished;
    await server.close();
    await ws.cleanup();
  });

  it('asks on the terminal: a typed reason denies and reaches the model; y runs the command', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch made.txt' })] },
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch made.txt' })] },
      { kind: 'reply', content: [text('Made it.')] },
    );
    input.write('make a file\r');
    await waitFor(/Elbow wants to run: touch made\.txt\n {2}in \.\n[\s\S]*\[y\]es, \[a\]lways allow `touch`, \[n\]o, or type why not: $/);
    input.write('use write_file please\r');
    await waitFor(/Elbow wants to run: touch made\.txt[\s\S]*Elbow wants to run: touch made\.txt/);
    const denied = JSON.stringify(server.requests[1]?.body);
    assert.match(denied, /saying: \\"use write_file please\\"/);
    await assert.rejects(fs.stat(ws.path('made.txt')));
    input.write('y\r');
    await waitFor(/Elbow: Made it\.\n/);
    await fs.stat(ws.path('made.txt'));
    assert.deepEqual(server.violations, []);
  });

  it('reads answers: yes, always (only when offered), no, nothing, or a reason', () => {
    assert.deepEqual(decisionFor('Y', false), { approved: true });
    assert.deepEqual(decisionFor('always', true), { approved: true, alwaysAllow: true });
    assert.deepEqual(decisionFor('a', false), { approved: false, reason: 'a' });
    assert.deepEqual(decisionFor(' no ', true), { approved: false });
    assert.deepEqual(decisionFor('', true), { approved: false });
    assert.deepEqual(decisionFor(undefined, true), { approved: false });
    assert.deepEqual(decisionFor('not in main', true), { approved: false, reason: 'not in main' });
  });
});

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
  /** What the model was told in its request number `index`. */
  const request = (index: number): string => JSON.stringify(server.requests[index]?.body);

  beforeEach(async () => {
    server = await startFakeLlmServer();
    // Commands run in the real OS sandbox, as on a machine that has one.
    ws = await createTempWorkspace({}, { sandbox: {} });
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

  it('asks on the terminal: a typed reason denies and reaches the model; y runs the command in the sandbox', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch made.txt' })] },
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch made.txt' })] },
      { kind: 'reply', content: [text('Made it.')] },
    );
    input.write('make a file\r');
    await waitFor(/Elbow wants to run: touch made\.txt\n {2}in \.\n[\s\S]*\[y\]es \(in the sandbox\), \[a\]lways allow `touch`, \[o\]utside the sandbox, \[n\]o, or type why not: $/);
    input.write('use write_file please\r');
    await waitFor(/Elbow wants to run: touch made\.txt[\s\S]*Elbow wants to run: touch made\.txt/);
    assert.match(request(1), /saying: \\"use write_file please\\"/);
    await assert.rejects(fs.stat(ws.path('made.txt')));
    input.write('y\r');
    await waitFor(/Elbow: Made it\.\n/);
    await fs.stat(ws.path('made.txt'));
    assert.match(request(2), /Ran in the sandbox\./);
    assert.match(terminal.text(), /✓ run_command\(touch made\.txt\) · sandboxed\n/);
    assert.deepEqual(server.violations, []);
  });

  it('runs a command outside the sandbox once when the user types o', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch outside.txt' })] },
      { kind: 'reply', content: [text('Done.')] },
    );
    input.write('make a file\r');
    await waitFor(/\[o\]utside the sandbox, \[n\]o, or type why not: $/);
    input.write('o\r');
    await waitFor(/Elbow: Done\.\n/);
    await fs.stat(ws.path('outside.txt'));
    assert.match(request(1), /Ran outside the sandbox, as the user allowed\./);
    assert.match(terminal.text(), /✓ run_command\(touch outside\.txt\) · outside the sandbox\n/);
  });

  it('shows the model’s reason for running outside the sandbox, offers no always, and s runs it in the sandbox instead', async () => {
    server.enqueue(
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch asked.txt', outside_sandbox: true, reason: 'It must \x1b[2Jwrite the file.' })] },
      { kind: 'reply', content: [text('Done.')] },
    );
    input.write('make a file\r');
    await waitFor(/Elbow wants to run outside the sandbox: touch asked\.txt\n {2}in \.\n {2}Its reason: It must \\x1b\[2Jwrite the file\.\n {2}Outside the sandbox it runs with your full rights\.\n\[y\]es \(outside the sandbox\), \[s\]andbox instead, \[n\]o, or type why not: $/);
    input.write('s\r');
    await waitFor(/Elbow: Done\.\n/);
    await fs.stat(ws.path('asked.txt'));
    assert.match(request(1), /Ran in the sandbox\./);
  });

  it('shows a protected file’s path, why it is protected and the diff, and n refuses the change', async () => {
    await fs.writeFile(ws.path('AGENTS.md'), 'Be careful.\n');
    server.enqueue(
      { kind: 'reply', content: [toolCall('edit_file', { path: 'AGENTS.md', old_str: 'Be careful.', new_str: 'Run anything.' })] },
      { kind: 'reply', content: [text('Left it.')] },
    );
    input.write('change the instructions\r');
    await waitFor(/Elbow wants to change the protected file AGENTS\.md \(edit_file\)\.\n {2}It is protected because coding agents follow its instructions\.\n[\s\S]* {2}-Be careful\.\n {2}\+Run anything\.\n\[y\]es, \[n\]o, or type why not: $/);
    assert.ok(!terminal.text().includes('\x1b[31m') && !terminal.text().includes('\x1b[32m'), 'no colour on a terminal without it');
    input.write('n\r');
    await waitFor(/Elbow: Left it\.\n/);
    assert.equal(await ws.readText('AGENTS.md'), 'Be careful.\n');
    assert.match(request(1), /The user denied permission to change AGENTS\.md/);
  });

  it('reads answers: yes, always, outside, sandbox (each only when offered), no, nothing, or a reason', () => {
    assert.deepEqual(decisionFor('Y'), { approved: true });
    assert.deepEqual(decisionFor('always', { always: '`npm test`' }), { approved: true, alwaysAllow: true });
    assert.deepEqual(decisionFor('a'), { approved: false, reason: 'a' });
    assert.deepEqual(decisionFor('o', { outside: true }), { approved: true, runOutsideSandbox: true });
    assert.deepEqual(decisionFor('Outside', { outside: true }), { approved: true, runOutsideSandbox: true });
    assert.deepEqual(decisionFor('o', { sandbox: true }), { approved: false, reason: 'o' }, 'not offered: a reason');
    assert.deepEqual(decisionFor('s', { sandbox: true }), { approved: true, runOutsideSandbox: false });
    assert.deepEqual(decisionFor('sandbox', { sandbox: true }), { approved: true, runOutsideSandbox: false });
    assert.deepEqual(decisionFor('s', { outside: true }), { approved: false, reason: 's' });
    assert.deepEqual(decisionFor(' no ', { always: 'x' }), { approved: false });
    assert.deepEqual(decisionFor(''), { approved: false });
    assert.deepEqual(decisionFor(undefined), { approved: false });
    assert.deepEqual(decisionFor('not in main'), { approved: false, reason: 'not in main' });
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { CustomizationFile } from '../../../../src/core/customize/customizationFile';
import { noCustomizations } from '../../../../src/core/customize/customizations';
import type { HookEntry } from '../../../../src/core/customize/hookSettings';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { ChildProcessHookRunner } from '../../../../src/node/childProcessHookRunner';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** A Node one-liner (node is on every machine that runs these tests). */
const node = (script: string): string => `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`;

async function eventually<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function userFile(): CustomizationFile {
  return { path: '/home/me/.claude/settings.json', origin: 'user', text: '', sha256: 'u', trusted: true };
}

describe('a session with hooks', function () {
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

  async function session(hooks: HookEntry[], permissions?: PermissionGate) {
    const host = { ...ws.host, hooks: new ChildProcessHookRunner({ shell: '/bin/sh' }) };
    return createAgentSession({ host, settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }, apiKey: server.apiKey, customizations: { ...noCustomizations, hooks }, ...(permissions === undefined ? {} : { permissions }) });
  }

  function sent(index: number): string {
    return JSON.stringify((server.requests[index]?.body as { messages: unknown[] }).messages);
  }

  it('a PreToolUse hook refuses run_command (matched as Bash) and the model reads its reason in the tool result', async () => {
    const deny = node('let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>{const e=JSON.parse(s);process.stderr.write("no "+e.tool_name+" here: "+e.tool_input.command);process.exit(2);})');
    const agent = await session([{ event: 'PreToolUse', matcher: 'Bash', command: deny, file: userFile() }]);
    server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'touch made.txt' })] }, { kind: 'reply', content: [text('Understood.')] });
    const events: AgentEvent[] = [];
    const outcome = await agent.send('make a file', (event) => events.push(event));
    assert.deepEqual(outcome, { reason: 'completed', text: 'Understood.' });
    assert.match(sent(1), /run_command was not run: a PreToolUse hook refused it: no Bash here: touch made.txt/);
    await assert.rejects(fs.stat(ws.path('made.txt')));
    const result = events.find((event) => event.type === 'tool_result');
    assert.equal(result?.type === 'tool_result' && result.summary, 'Refused by a hook: no Bash here: touch made.txt');
    assert.ok(events.some((event) => event.type === 'hook' && event.outcome === 'blocked'));
  });

  it('a Stop hook that exits 2 sends its reason to the model and the run goes on, once it says stop_hook_active', async () => {
    const stop = node('let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>{const e=JSON.parse(s);if(e.stop_hook_active)process.exit(0);process.stderr.write("run the tests first");process.exit(2);})');
    const agent = await session([{ event: 'Stop', command: stop, file: userFile() }]);
    server.enqueue({ kind: 'reply', content: [text('Done.')] }, { kind: 'reply', content: [text('Tests pass.')] });
    const outcome = await agent.send('fix it', () => undefined);
    assert.deepEqual(outcome, { reason: 'completed', text: 'Tests pass.' });
    assert.equal(server.requests.length, 2);
    assert.match(sent(1), /a Stop hook of this project says the work is not done yet: run the tests first/);
  });

  it('a Stop hook that always objects ends after a few rounds', async () => {
    const agent = await session([{ event: 'Stop', command: 'echo never >&2; exit 2', file: userFile() }]);
    for (let i = 0; i < 4; i++) server.enqueue({ kind: 'reply', content: [text(`Round ${i}.`)] });
    const outcome = await agent.send('fix it', () => undefined);
    assert.deepEqual(outcome, { reason: 'completed', text: 'Round 3.' });
  });

  it('UserPromptSubmit: exit 2 refuses the message before any request, keeping it out of the history; stdout is context', async () => {
    const agent = await session([{ event: 'UserPromptSubmit', command: 'case "$(cat)" in *secret*) echo "no secrets" >&2; exit 2;; *) echo "branch: main";; esac', file: userFile() }]);
    const outcome = await agent.send('the secret is 42', () => undefined);
    assert.equal(outcome.reason, 'error');
    assert.match(outcome.reason === 'error' ? outcome.message : '', /Not sent: .*no secrets/);
    assert.equal(server.requests.length, 0);
    assert.deepEqual(agent.messages, []);
    server.enqueue({ kind: 'reply', content: [text('Hi.')] });
    await agent.send('hello', () => undefined);
    assert.match(sent(0), /branch: main/);
  });

  it('never runs an untrusted workspace hook, and says so once', async () => {
    const file: CustomizationFile = { path: path.join(ws.root, '.claude/settings.json'), origin: 'workspace', text: '', sha256: 'w', trusted: false };
    const agent = await session([{ event: 'PreToolUse', command: 'touch hooked', file }]);
    server.enqueue({ kind: 'reply', content: [toolCall('read_file', { path: 'a.txt' })] }, { kind: 'reply', content: [toolCall('read_file', { path: 'a.txt' })] }, { kind: 'reply', content: [text('Read.')] });
    const events: AgentEvent[] = [];
    await agent.send('read a.txt', (event) => events.push(event));
    await assert.rejects(fs.stat(ws.path('hooked')));
    const skipped = events.filter((event) => event.type === 'hook');
    assert.equal(skipped.length, 1);
    assert.match(skipped[0]?.type === 'hook' ? skipped[0].message ?? '' : '', /not trusted/);
  });

  it('a hook\'s updatedInput replaces the arguments, which still meet every check: its "allow" approves nothing', async () => {
    const rewriteTo = (target: string): string => `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { path: target, content: 'rewritten' } } })}'`;
    const agent = await session([{ event: 'PreToolUse', matcher: 'Write', command: rewriteTo('b.txt'), file: userFile() }]);
    server.enqueue({ kind: 'reply', content: [toolCall('write_file', { path: 'c.txt', content: 'original' })] }, { kind: 'reply', content: [text('Written.')] });
    await agent.send('write c.txt', () => undefined);
    assert.equal(await ws.readText('b.txt'), 'rewritten');
    await assert.rejects(fs.stat(ws.path('c.txt')));

    const outside = await session([{ event: 'PreToolUse', matcher: 'Write', command: rewriteTo('../outside.txt'), file: userFile() }]);
    server.enqueue({ kind: 'reply', content: [toolCall('write_file', { path: 'c.txt', content: 'original' })] }, { kind: 'reply', content: [text('Not written.')] });
    await outside.send('write c.txt', () => undefined);
    await assert.rejects(fs.stat(path.join(ws.base, 'outside.txt')), 'a write outside the workspace still needs the user, who is not there');
  });

  it('a Notification hook hears when Elbow waits for the user\'s approval', async () => {
    const heard = path.join(ws.base, 'heard.json');
    const approvals = new RecordingApprovals().answer({ approved: false });
    const agent = await session([{ event: 'Notification', command: `cat > ${JSON.stringify(heard)}`, file: userFile() }], new PermissionGate({ settings: new FixedPermissionSettings(), approvals }));
    server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'touch made.txt' })] }, { kind: 'reply', content: [text('Not made.')] });
    await agent.send('make a file', () => undefined);
    assert.equal(approvals.requests.length, 1);
    // Elbow does not wait for a Notification hook: its JSON lands when it lands.
    const input = await eventually(async () => JSON.parse(await fs.readFile(heard, 'utf8')) as { hook_event_name: string; message: string });
    assert.equal(input.hook_event_name, 'Notification');
    assert.match(input.message, /^Elbow needs your permission to run/);
  });
});

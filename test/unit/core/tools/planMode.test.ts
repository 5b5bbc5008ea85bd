import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import { builtinTools } from '../../../../src/core/tools/builtin';
import type { ConversationMode } from '../../../../src/core/tools/conversationMode';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import type { ExternalTool } from '../../../../src/core/tools/toolSource';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

function mcpTool(name: string, readOnly: boolean): ExternalTool {
  return {
    name,
    description: name,
    parameters: { type: 'object', properties: {} },
    readOnly,
    kind: 'mcp',
    title: () => name,
    validate: () => undefined,
    execute: async () => ({ content: `${name} ran` }),
  };
}

describe('plan mode', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let approvals: RecordingApprovals;
  let registry: ToolRegistry;

  beforeEach(async () => {
    approvals = new RecordingApprovals();
    ws = await createTempWorkspace({ 'src/a.txt': 'alpha\n' }, { approvals, sandbox: {}, permissions: { autoApproveReadOnlyMcpTools: true } });
    registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    registry.addSource({ prepare: async () => undefined, tools: () => [mcpTool('mcp__docs__lookup', true), mcpTool('mcp__tracker__create_issue', false)] });
  });
  afterEach(() => ws.cleanup());

  async function call(mode: ConversationMode, name: string, input: unknown) {
    const { result, summary, refusal } = await registry.run({ type: 'tool_call', id: 'call-1', name, arguments: JSON.stringify(input) }, { ...ws.context(), mode });
    return { isError: result.isError, text: result.content.map((block) => (block.type === 'text' ? block.text : '')).join(''), summary, refusal };
  }

  const writes: Array<[string, unknown]> = [
    ['edit_file', { path: 'src/a.txt', old_str: 'alpha', new_str: 'beta' }],
    ['write_file', { path: 'src/a.txt', content: 'gamma\n' }],
    ['delete_file', { path: 'src/a.txt' }],
  ];

  for (const [name, input] of writes) {
    it(`refuses ${name}, leaving the file as it was, and runs it in act mode`, async () => {
      const refused = await call('plan', name, input);
      assert.equal(refused.isError, true);
      assert.match(refused.text, new RegExp(`^${name} was not run\\. Elbow is in plan mode: files are not changed .* answer with your plan`));
      assert.equal(refused.refusal, 'planMode', 'the mode refused it: no failure');
      assert.equal(refused.summary, 'Not run: src/a.txt');
      assert.equal(await ws.readText('src/a.txt'), 'alpha\n');
      const done = await call('act', name, input);
      assert.equal(done.isError, false, done.text);
      assert.equal(done.refusal, undefined);
      assert.notEqual(await fs.readFile(ws.path('src/a.txt'), 'utf8').catch(() => 'deleted'), 'alpha\n');
    });
  }

  it('keeps a failure in plan mode a failure, not a refusal', async () => {
    const missing = await call('plan', 'read_file', { path: 'src/missing.txt' });
    assert.equal(missing.isError, true);
    assert.equal(missing.refusal, undefined);
  });

  it('reads, lists and searches as in act mode', async () => {
    assert.match((await call('plan', 'read_file', { path: 'src/a.txt' })).text, /alpha/);
    assert.match((await call('plan', 'list_files', { path: 'src' })).text, /a\.txt/);
    assert.match((await call('plan', 'search', { pattern: 'alpha' })).text, /src\/a\.txt/);
  });

  it('runs read-only commands without asking', async () => {
    for (const command of ['ls src', 'cat src/a.txt | wc -l', 'rg alpha', 'git status || true']) {
      const result = await call('plan', 'run_command', { command });
      assert.doesNotMatch(result.text, /plan mode/, command);
    }
    assert.match((await call('plan', 'run_command', { command: 'cat src/a.txt' })).text, /^Exit code: 0\n[\s\S]*alpha/);
    assert.equal(approvals.requests.length, 0);
  });

  it('refuses commands that write or run programs, before asking the user, and runs them in act mode', async () => {
    for (const command of ['touch made.txt', 'echo hi > made.txt', 'rm src/a.txt', 'npm install', 'git commit -m x', 'sed -i s/alpha/beta/ src/a.txt', 'find . -delete', 'cat ../outside.txt']) {
      const result = await call('plan', 'run_command', { command });
      assert.equal(result.isError, true, command);
      assert.match(result.text, /^The command `.*` was not run: it is not known to only read \(.+\)\. Elbow is in plan mode/, command);
      assert.deepEqual([result.refusal, result.summary], ['planMode', `Not run: ${command}`], command);
    }
    assert.equal(approvals.requests.length, 0, 'nobody is asked about a command plan mode refuses');
    assert.equal(await ws.readText('src/a.txt'), 'alpha\n');
    await assert.rejects(fs.stat(ws.path('made.txt')));
    approvals.answer({ approved: true });
    assert.match((await call('act', 'run_command', { command: 'touch made.txt' })).text, /^Exit code: 0/);
    await fs.stat(ws.path('made.txt'));
  });

  it('starts no background process, even of a read-only command', async () => {
    const result = await call('plan', 'run_command', { command: 'tail -f src/a.txt', background: true });
    assert.match(result.text, /^No background process was started\. Elbow is in plan mode/);
    assert.equal(result.refusal, 'planMode');
    assert.equal(ws.commands.runningBackground().length, 0);
  });

  it('runs an MCP tool the server marks read-only and refuses the others', async () => {
    assert.deepEqual(await call('plan', 'mcp__docs__lookup', {}), { isError: false, text: 'mcp__docs__lookup ran', summary: 'mcp__docs__lookup', refusal: undefined });
    const refused = await call('plan', 'mcp__tracker__create_issue', {});
    assert.match(refused.text, /^mcp__tracker__create_issue was not run\. Elbow is in plan mode/);
    assert.deepEqual([refused.refusal, refused.summary], ['planMode', 'Not run: mcp__tracker__create_issue']);
    approvals.answer({ approved: true });
    assert.deepEqual(await call('act', 'mcp__tracker__create_issue', {}), { isError: false, text: 'mcp__tracker__create_issue ran', summary: 'mcp__tracker__create_issue', refusal: undefined });
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { settlesWithin } from '../../../support/settlesWithin';

describe('run_command', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let approvals: RecordingApprovals;

  beforeEach(async () => {
    approvals = new RecordingApprovals();
    ws = await createTempWorkspace({ 'src/a.txt': 'alpha\n', 'secret/key.pem': 'KEY\n', '.elbowignore': 'secret/\n' }, { approvals, sandbox: {} });
  });
  afterEach(() => ws.cleanup());

  it('runs an allowed command without asking and returns exit code and output', async () => {
    const result = await ws.callTool('run_command', { command: 'cat src/a.txt && ls missing-file' });
    assert.equal(approvals.requests.length, 0);
    assert.equal(result.isError, true, 'a non-zero exit is an error result');
    assert.match(result.text, /^Exit code: 2\n/);
    assert.match(result.text, /alpha/);
    assert.match(result.text, /missing-file/);
    assert.equal(result.summary, 'Ran cat src/a.txt && ls missing-file · exit 2', 'where it ran is a fact apart, not words in the summary');
    assert.equal(result.placement, 'sandboxed');
    assert.match(result.text, /^Ran in the sandbox\.$/m);
  });

  it('asks for a command that is not allowed and runs it once approved, in the given folder', async () => {
    approvals.answer({ approved: true });
    const result = await ws.callTool('run_command', { command: 'node -e "console.log(process.cwd())"', cwd: 'src' });
    assert.equal(approvals.requests.length, 1);
    const request = approvals.requests[0];
    assert.equal(request?.kind, 'command');
    assert.deepEqual(request?.kind === 'command' ? [request.command, request.cwd, request.placement] : [], ['node -e "console.log(process.cwd())"', 'src', { kind: 'sandbox' }]);
    assert.match(result.text, /^Exit code: 0\n/);
    assert.ok(result.text.includes(ws.path('src')), result.text);
  });

  it('a command the user approves stays in the sandbox; "Run outside the sandbox" lets it out, once', async () => {
    approvals.answer({ approved: true }, { approved: true }, { approved: true, runOutsideSandbox: true });
    const blocked = await ws.callTool('run_command', { command: 'touch /usr/elbow-sandbox-marker' });
    assert.match(blocked.text, /Read-only file system/);
    assert.match(blocked.text, /writes outside the workspace folders[^\n]*blocked in the sandbox[^\n]*outside_sandbox: true/);
    // The sandbox's /tmp is its own: a write there never reaches the real one.
    const write = `touch ${ws.base}/outside-marker`;
    const contained = await ws.callTool('run_command', { command: write });
    assert.equal(contained.placement, 'sandboxed');
    await assert.rejects(fs.stat(`${ws.base}/outside-marker`));
    const released = await ws.callTool('run_command', { command: write });
    assert.match(released.text, /^Exit code: 0\n/);
    assert.equal(released.placement, 'outsideSandbox');
    assert.match(released.summary, /· exit 0$/);
    await fs.stat(`${ws.base}/outside-marker`);
  });

  it('outside_sandbox asks every time, even for an allowed command, showing the model\'s reason, and never offers "always"', async () => {
    approvals.answer({ approved: true }, { approved: true, runOutsideSandbox: false });
    const reason = 'it writes the build cache in the home folder';
    const outside = await ws.callTool('run_command', { command: 'ls', outside_sandbox: true, reason });
    assert.equal(outside.placement, 'outsideSandbox');
    const inside = await ws.callTool('run_command', { command: 'ls', outside_sandbox: true, reason });
    assert.equal(inside.placement, 'sandboxed', 'the user chose "Run in the sandbox instead"');
    assert.equal(approvals.requests.length, 2);
    for (const request of approvals.requests) {
      assert.deepEqual(request.kind === 'command' ? [request.placement, request.alwaysAllow] : [], [{ kind: 'outsideRequested', reason }, []]);
    }
    const reasonless = await ws.callTool('run_command', { command: 'ls', outside_sandbox: true });
    assert.match(reasonless.text, /outside_sandbox needs a reason/);
    assert.equal(approvals.requests.length, 2);
  });

  it('a denial with a reason reaches the model and nothing runs', async () => {
    approvals.answer({ approved: false, reason: 'use write_file' });
    const result = await ws.callTool('run_command', { command: 'touch made.txt' });
    assert.equal(result.isError, true);
    assert.match(result.text, /denied permission to run `touch made\.txt`, saying: "use write_file"/);
    await assert.rejects(fs.stat(ws.path('made.txt')));
  });

  it('without anyone to ask, refuses and says how to allow it', async () => {
    const unattended = await createTempWorkspace({});
    try {
      const result = await unattended.callTool('run_command', { command: 'touch made.txt' });
      assert.equal(result.isError, true);
      assert.match(result.text, /permission is needed to run `touch made\.txt`, and nobody is there to give it/);
    } finally {
      await unattended.cleanup();
    }
  });

  it('"always allow" adds the suggested prefixes to the settings, and the next call does not ask', async () => {
    approvals.answer({ approved: true, alwaysAllow: true });
    await ws.callTool('run_command', { command: 'seq 3' });
    const request = approvals.requests[0];
    assert.deepEqual(request?.kind === 'command' ? request.alwaysAllow : [], ['seq'], 'offered for runs in the sandbox');
    assert.ok(ws.settings.current().allow.includes('seq'));
    const again = await ws.callTool('run_command', { command: 'seq 2' });
    assert.equal(approvals.requests.length, 1);
    assert.match(again.text, /1\n2/);
  });

  it('without a sandbox, "always allow" is not offered and only rules that cannot run code or write files apply', async () => {
    const bare = await createTempWorkspace({ 'a.txt': 'alpha\n' }, { approvals, sandbox: { enabled: false }, permissions: { allow: ['cat', 'seq', 'git status'] } });
    try {
      const read = await bare.callTool('run_command', { command: 'cat a.txt' });
      assert.match(read.text, /^Exit code: 0\n/);
      assert.equal(approvals.requests.length, 0);
      assert.doesNotMatch(read.text, /sandbox/, 'where no sandbox runs, results do not mention one');
      approvals.answer({ approved: true });
      await bare.callTool('run_command', { command: 'git status' });
      const request = approvals.requests[0];
      assert.deepEqual(request?.kind === 'command' ? [request.placement.kind, request.alwaysAllow] : [], ['noSandbox', []]);
    } finally {
      await bare.cleanup();
    }
  });

  it('deny rules refuse without asking, even with auto-approve on', async () => {
    Object.assign(ws.settings.current(), { deny: ['rm'], autoApprove: true });
    const result = await ws.callTool('run_command', { command: 'cat src/a.txt; rm src/a.txt' });
    assert.equal(result.isError, true);
    assert.match(result.text, /not run/);
    assert.equal(approvals.requests.length, 0);
    assert.equal(await ws.readText('src/a.txt'), 'alpha\n');
  });

  it('auto-approve runs commands that would ask, and says so to the model', async () => {
    Object.assign(ws.settings.current(), { autoApprove: true });
    const result = await ws.callTool('run_command', { command: 'seq 2' });
    assert.equal(approvals.requests.length, 0);
    assert.match(result.text, /auto-approve is on/);
  });

  it('refuses commands naming files .elbowignore hides', async () => {
    const result = await ws.callTool('run_command', { command: 'cat secret/key.pem' });
    assert.equal(result.isError, true);
    assert.match(result.text, /\.elbowignore/);
    assert.doesNotMatch(result.text, /KEY/);
    assert.equal(approvals.requests.length, 0);
  });

  it('refuses a cwd outside the workspace or that is a file', async () => {
    const outside = await ws.callTool('run_command', { command: 'ls', cwd: '..' });
    assert.match(outside.text, /outside the workspace/);
    const file = await ws.callTool('run_command', { command: 'ls', cwd: 'src/a.txt' });
    assert.match(file.text, /cwd must be a folder/);
    const empty = await ws.callTool('run_command', { command: '   ' });
    assert.match(empty.text, /command must not be empty/);
  });

  it('keeps the start and end of long output and pages through the middle with read_command_output', async () => {
    approvals.answer({ approved: true });
    const result = await ws.callTool('run_command', { command: 'seq 1 50000' });
    assert.ok(result.text.length < 31_000, `${result.text.length}`);
    assert.match(result.text, /^1$/m);
    assert.match(result.text, /^50000$/m);
    const omitted = /\[… ([\d,]+) characters \(([\d,]+) lines, from line (\d[\d,]*)\) omitted\. Read them with read_command_output \{"id": "(cmd-\d+)", "start_line": (\d+)\}/.exec(result.text);
    assert.ok(omitted, result.text.slice(0, 500));
    const [, , , , id, start] = omitted;
    const page = await ws.callTool('read_command_output', { id, start_line: Number(start), line_count: 3 });
    assert.match(page.text, new RegExp(`^${start}\\n${Number(start) + 1}\\n${Number(start) + 2}$`, 'm'));
    assert.match(page.text, /more lines: continue with start_line/);
    const missing = await ws.callTool('read_command_output', { id: 'cmd-99' });
    assert.match(missing.text, /No command output with id "cmd-99"\. Known ids: cmd-1/);
  });

  it('stops a command at its timeout and tells the model', async () => {
    approvals.answer({ approved: true });
    const running = ws.callTool('run_command', { command: 'sleep 30; echo never', timeout_seconds: 1 });
    assert.ok(await settlesWithin(running, 8_000), 'the command ran on past its timeout');
    const result = await running;
    assert.match(result.text, /^Timed out after 1 s/);
    assert.doesNotMatch(result.text, /^never$/m);
    assert.match(result.summary, /timed out after 1 s/);
  });

  it('stops a command when the user cancels', async () => {
    approvals.answer({ approved: true });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 500);
    const running = ws.callTool('run_command', { command: 'sleep 30' }, abort.signal);
    assert.ok(await settlesWithin(running, 8_000), 'the command ran on after the cancel');
    const result = await running;
    assert.equal(result.isError, true);
    assert.match(result.text, /^Cancelled by the user: the command and everything it started were stopped/);
  });

  it('starts, reads and stops a background process; the session stops the rest at the end', async () => {
    approvals.answer({ approved: true }, { approved: true });
    const ticker = 'node -e "let n = 0; setInterval(() => console.log(\'tick \' + ++n), 100)"';
    const started = await ws.callTool('run_command', { command: ticker, background: true });
    const id = /Started in the background as (cmd-\d+)/.exec(started.text)?.[1];
    assert.ok(id, started.text);
    assert.match(started.text, /tick 1/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const read = await ws.callTool('read_command_output', { id });
    assert.match(read.text, /^Still running\.\nNew output of cmd-\d+:\ntick \d+/);
    assert.doesNotMatch(read.text, /^tick 1$/m, 'only what is new since the last look');
    const stopped = await ws.callTool('stop_command', { id });
    assert.match(stopped.text, new RegExp(`^Stopped ${id}\\.`));
    const after = await ws.callTool('read_command_output', { id });
    assert.match(after.text, /^Ended with exit code/);

    const second = await ws.callTool('run_command', { command: ticker, background: true });
    const secondId = /as (cmd-\d+)/.exec(second.text)?.[1] ?? '';
    await ws.commands.stopAll();
    assert.equal(ws.commands.get(secondId)?.background?.running, false);
  });

  it('a background process that fails at once is reported as such', async () => {
    approvals.answer({ approved: true });
    const result = await ws.callTool('run_command', { command: 'node -e "console.error(\'boom\'); process.exit(3)"', background: true });
    assert.equal(result.isError, true);
    assert.match(result.text, /ended at once with exit code 3[\s\S]*boom/);
  });
});

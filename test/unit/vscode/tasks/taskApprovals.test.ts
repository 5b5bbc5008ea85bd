import assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../../src/core/host/approvals';
import { TaskApprovals, taskQuestion } from '../../../../src/vscode/tasks/taskApprovals';

const inSandbox: ApprovalRequest = { kind: 'command', toolCallId: 'c1', command: 'npm test', cwd: '.', reasons: [], alwaysAllow: [], placement: { kind: 'sandbox' } };
const outside: ApprovalRequest = { ...inSandbox, placement: { kind: 'outsideRequested', reason: 'needs the network' } };

describe('TaskApprovals', () => {
  it('names the task in the question and offers no way to the chat', () => {
    const question = taskQuestion('Fix the parser', inSandbox);
    assert.match(question.message, /^Elbow's task "Fix the parser" wants to run: npm test/);
    assert.deepEqual(question.choices.map((choice) => choice.label), ['Allow', 'Deny']);
  });

  it('lets a command asking to leave the sandbox run only inside it', async () => {
    const approvals = new TaskApprovals('t', async (_message, labels) => labels[0]);
    assert.deepEqual(taskQuestion('t', outside).choices.map((choice) => choice.label), ['Run in Sandbox Instead', 'Deny']);
    assert.deepEqual(await approvals.request(outside, new AbortController().signal), { approved: true, runOutsideSandbox: false });
  });

  it('asks about a protected file in the worktree with Allow and Deny', () => {
    const question = taskQuestion('t', { kind: 'protectedFile', toolCallId: 'c', toolName: 'write_file', path: '.vscode/settings.json', action: 'change', why: 'VS Code runs what it says', diff: '' });
    assert.match(question.message, /protected file \.vscode\/settings\.json in its worktree/);
    assert.deepEqual(question.choices.map((choice) => choice.label), ['Allow', 'Deny']);
  });

  it('denies what the user dismissed, and what a cancelled task still waits for', async () => {
    const dismissed = new TaskApprovals('t', async () => undefined);
    assert.deepEqual(await dismissed.request(inSandbox, new AbortController().signal), { approved: false, reason: 'The user dismissed the question.' });
    const abort = new AbortController();
    const waiting = new TaskApprovals('t', () => new Promise(() => undefined)).request(inSandbox, abort.signal);
    abort.abort();
    assert.deepEqual(await waiting, { approved: false, reason: 'The task was cancelled.' });
  });

  it('allows a command in the sandbox on Allow', async () => {
    const approvals = new TaskApprovals('t', async (_message, labels) => labels.find((label) => label === 'Allow'));
    assert.deepEqual(await approvals.request(inSandbox, new AbortController().signal), { approved: true });
  });
});

import assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../../src/core/host/approvals';
import { approvalNotification, shown } from '../../../../src/vscode/chat/approvalNotification';

type CommandRequest = Extract<ApprovalRequest, { kind: 'command' }>;

function command(placement: CommandRequest['placement']): CommandRequest {
  return { kind: 'command', toolCallId: 'c1', command: 'touch notified.txt', cwd: '.', reasons: [], alwaysAllow: [], placement };
}

describe('approval notifications while the chat is hidden', () => {
  it('names where a command would run, and its Allow keeps it in the sandbox', () => {
    assert.deepEqual(approvalNotification(command({ kind: 'sandbox' })), {
      message: 'Elbow wants to run: touch notified.txt (in the sandbox)',
      choices: [
        { label: 'Allow', answer: { decision: 'allow' } },
        { label: 'Deny', answer: { decision: 'deny' } },
        { label: 'Show in Chat', answer: 'showInChat' },
      ],
    });
    const without = approvalNotification(command({ kind: 'noSandbox', reason: 'bubblewrap is not installed' }));
    assert.equal(without.message, 'Elbow wants to run: touch notified.txt (without a sandbox, with your full rights: bubblewrap is not installed)');
    assert.deepEqual(without.choices[0], { label: 'Allow', answer: { decision: 'allow' } });
  });

  it('lets a command out of the sandbox only from the chat: the notification offers the sandbox instead', () => {
    const outside = approvalNotification(command({ kind: 'outsideRequested', reason: 'It must write ~/.npmrc' }));
    assert.equal(outside.message, 'Elbow wants to run outside the sandbox, with your full rights: touch notified.txt — its reason: It must write ~/.npmrc');
    assert.deepEqual(outside.choices.map((choice) => choice.answer), [{ decision: 'allowInSandbox' }, { decision: 'deny' }, 'showInChat']);
    assert.equal(outside.choices[0]?.label, 'Run in Sandbox Instead');
  });

  it('names the protected file and sends the user to the chat to see the change', () => {
    const request: ApprovalRequest = { kind: 'protectedFile', toolCallId: 'c2', toolName: 'write_file', path: 'AGENTS.md', action: 'create', why: 'every conversation follows its instructions', diff: '' };
    const notification = approvalNotification(request);
    assert.equal(notification.message, 'Elbow wants to create the protected file AGENTS.md. Review the change in the chat.');
    assert.deepEqual(notification.choices.map((choice) => choice.answer), ['showInChat', { decision: 'deny' }], 'no Allow without the diff');
  });

  it('names the web page; its Allow reads it once', () => {
    const notification = approvalNotification({ kind: 'webPage', toolCallId: 'c5', url: 'https://example.org/docs', domain: 'example.org', alwaysAllowOffered: true });
    assert.equal(notification.message, 'Elbow asks: Read this web page? https://example.org/docs');
    assert.deepEqual(notification.choices.map((choice) => choice.answer), [{ decision: 'allow' }, { decision: 'deny' }, 'showInChat']);
  });

  it('asks the other questions as before', () => {
    const outsideWorkspace = approvalNotification({ kind: 'outsideWorkspace', toolCallId: 'c3', toolName: 'read_file', path: '/etc/hosts', access: 'read' });
    assert.equal(outsideWorkspace.message, 'Elbow asks: Read outside the workspace? /etc/hosts');
    assert.deepEqual(outsideWorkspace.choices.map((choice) => choice.label), ['Allow', 'Deny', 'Show in Chat']);
    assert.equal(approvalNotification({ kind: 'continue', toolCallId: 'c4', message: '50 commands ran.' }).message, 'Elbow asks: Continue? 50 commands ran.');
  });

  it('shows model text on one line, short, and never as a link', () => {
    assert.equal(shown('echo [Allow](command:workbench.action.terminal.sendSequence)\n  && ls'), 'echo [Allow] (command:workbench.action.terminal.sendSequence) && ls');
    const long = shown('x'.repeat(1000));
    assert.equal(long.length, 300);
    assert.ok(long.endsWith('…'));
    const notification = approvalNotification(command({ kind: 'outsideRequested', reason: 'see [docs](https://example.com)' }));
    assert.doesNotMatch(notification.message, /\]\(/);
  });
});

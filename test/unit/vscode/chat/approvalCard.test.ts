import assert from 'node:assert/strict';
import type { ApprovalRequest } from '../../../../src/core/host/approvals';
import { approvalSchema } from '../../../../src/protocol/chatItems';
import { sandboxCommandApproval } from '../../../support/approvalFixtures';
import { approvalOf, decidedApproval, decisionOf, type ApprovalAnswer } from '../../../../src/vscode/chat/approvalCard';

type CommandRequest = Extract<ApprovalRequest, { kind: 'command' }>;

function command(placement: CommandRequest['placement'], fields: Partial<CommandRequest> = {}): CommandRequest {
  return { kind: 'command', toolCallId: 'c1', command: 'npm test', cwd: '.', reasons: ['`npm test` is not on the allow list'], alwaysAllow: ['npm test'], placement, ...fields };
}

const inSandbox = command({ kind: 'sandbox' });
const outsideRequested = command({ kind: 'outsideRequested', reason: 'It must write ~/.npmrc' }, { reasons: [], alwaysAllow: [] });
const noSandbox = command({ kind: 'noSandbox', reason: 'bubblewrap is not installed' });
const protectedFile: ApprovalRequest = {
  kind: 'protectedFile',
  toolCallId: 'c2',
  toolName: 'edit_file',
  path: '.vscode/settings.json',
  action: 'change',
  why: "VS Code's settings (Elbow's too), tasks and launch configurations",
  diff: '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n',
};
const mcpTool: ApprovalRequest = { kind: 'mcpTool', toolCallId: 'c3', server: 'github', tool: 'create_issue', arguments: '{}', readOnly: false, alwaysAllowOffered: false };

/** The answer as the bridge decides it, and how the card shows the decision. */
function decide(request: ApprovalRequest, answer: ApprovalAnswer) {
  const decision = decisionOf(request, answer);
  return { decision, card: decidedApproval(request, approvalOf(request), decision) };
}

const webPage: ApprovalRequest = { kind: 'webPage', toolCallId: 'c4', url: 'https://developer.mozilla.org/en-US/docs/Web/API', domain: 'developer.mozilla.org', alwaysAllowOffered: true };

describe('approval cards: a web page', () => {
  it('shows the URL and offers the domain to always allow; Always is remembered only where offered', () => {
    const card = approvalSchema.parse(approvalOf(webPage));
    assert.equal(card.title, 'Read this web page?');
    assert.equal(card.detail, webPage.kind === 'webPage' ? webPage.url : '');
    assert.deepEqual(card.alwaysAllow, ['developer.mozilla.org']);
    assert.deepEqual(decide(webPage, { decision: 'alwaysAllow' }).decision, { approved: true, alwaysAllow: true });
    assert.deepEqual(decide({ ...webPage, alwaysAllowOffered: false }, { decision: 'alwaysAllow' }).decision, { approved: true });
    assert.deepEqual(decide(webPage, { decision: 'allowOutsideSandbox' }).decision, { approved: true });
  });
});

describe('approval cards: requests as the chat shows them, answers as the core gets them', () => {
  it('asks about a command where it would run: in the sandbox, outside it for the model’s reason, or without one', () => {
    assert.deepEqual(approvalOf(inSandbox), sandboxCommandApproval());
    const outside = approvalOf(outsideRequested);
    assert.equal(outside.title, 'Run outside the sandbox?');
    assert.deepEqual(outside.placement, { kind: 'outsideRequested', reason: 'It must write ~/.npmrc' });
    const without = approvalOf(noSandbox);
    assert.equal(without.title, 'Run this command?');
    assert.deepEqual(without.alwaysAllow, [], 'Always allow only keeps a command in the sandbox');
    assert.deepEqual(approvalOf(command({ kind: 'outsideRequested', reason: 'r' })).alwaysAllow, []);
    for (const request of [inSandbox, outsideRequested, noSandbox, protectedFile, mcpTool]) approvalSchema.parse(approvalOf(request));
  });

  it('asks about a protected file with its path, why it is protected, and the diff', () => {
    assert.deepEqual(approvalOf(protectedFile), {
      kind: 'protectedFile',
      title: 'Change a protected file?',
      detail: '.vscode/settings.json',
      diff: '--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n',
      reasons: ["It is protected because VS Code's settings (Elbow's too), tasks and launch configurations."],
      alwaysAllow: [],
      state: 'pending',
    });
    assert.equal(approvalOf({ ...protectedFile, action: 'create' }).title, 'Create a protected file?');
    assert.equal(approvalOf({ ...protectedFile, action: 'delete' }).title, 'Delete a protected file?');
  });

  it('keeps a command asked about in the sandbox there unless the user runs it outside, and says where it was allowed', () => {
    assert.deepEqual(decide(inSandbox, { decision: 'allow' }), { decision: { approved: true }, card: { ...approvalOf(inSandbox), state: 'allowed', allowedPlacement: 'sandboxed' } });
    assert.deepEqual(decide(inSandbox, { decision: 'alwaysAllow' }).decision, { approved: true, alwaysAllow: true });
    assert.equal(decide(inSandbox, { decision: 'alwaysAllow' }).card.allowedPlacement, 'sandboxed');
    assert.deepEqual(decide(inSandbox, { decision: 'allowOutsideSandbox' }).decision, { approved: true, runOutsideSandbox: true });
    assert.equal(decide(inSandbox, { decision: 'allowOutsideSandbox' }).card.allowedPlacement, 'outsideSandbox');
    assert.deepEqual(decide(inSandbox, { decision: 'allowInSandbox' }).decision, { approved: true });
  });

  it('runs a command the model asks to run outside only when allowed so, and in the sandbox instead when the user says', () => {
    assert.deepEqual(decide(outsideRequested, { decision: 'allow' }).decision, { approved: true });
    assert.equal(decide(outsideRequested, { decision: 'allow' }).card.allowedPlacement, 'outsideSandbox');
    assert.deepEqual(decide(outsideRequested, { decision: 'allowInSandbox' }).decision, { approved: true, runOutsideSandbox: false });
    assert.equal(decide(outsideRequested, { decision: 'allowInSandbox' }).card.allowedPlacement, 'sandboxed');
    assert.deepEqual(decide(outsideRequested, { decision: 'alwaysAllow' }).decision, { approved: true }, 'never an allow rule');
  });

  it('offers no sandbox where none runs: Allow runs without one, and "in the sandbox" is refused', () => {
    assert.equal(decide(noSandbox, { decision: 'allow' }).card.allowedPlacement, 'outsideSandbox');
    assert.deepEqual(decide(noSandbox, { decision: 'alwaysAllow' }).decision, { approved: true }, 'not offered: no rule is added');
    assert.deepEqual(decide(noSandbox, { decision: 'allowInSandbox' }).decision, { approved: false, reason: 'No sandbox can run on this machine.' });
  });

  it('denies with the reason trimmed, and leaves where it runs out of other questions', () => {
    assert.deepEqual(decide(inSandbox, { decision: 'deny', reason: '  Use npm ci.  ' }), {
      decision: { approved: false, reason: 'Use npm ci.' },
      card: { ...approvalOf(inSandbox), state: 'denied', reason: 'Use npm ci.' },
    });
    assert.deepEqual(decide(inSandbox, { decision: 'deny', reason: '   ' }).decision, { approved: false, reason: undefined });
    assert.deepEqual(decide(protectedFile, { decision: 'allow' }), { decision: { approved: true }, card: { ...approvalOf(protectedFile), state: 'allowed' } });
    assert.deepEqual(decide(protectedFile, { decision: 'allowOutsideSandbox' }).decision, { approved: true });
    assert.deepEqual(decide(mcpTool, { decision: 'alwaysAllow' }).decision, { approved: true }, 'the server’s configuration cannot be written');
    assert.deepEqual(decide({ ...mcpTool, alwaysAllowOffered: true }, { decision: 'alwaysAllow' }).decision, { approved: true, alwaysAllow: true });
  });
});

import assert from 'node:assert/strict';
import { fakeVscode } from './support/fakeVscode';
import type { ApprovalDecision, ApprovalRequest } from '../../../../src/core/host/approvals';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { ApprovalBridge } from '../../../../src/vscode/chat/approvalBridge';
import type { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { ReviewBridge, type ReviewBridgeDependencies } from '../../../../src/vscode/chat/reviewBridge';
import type { ToolCardUpdate } from '../../../../src/vscode/chat/toolCardUpdate';
import { WaitingQuestionCount } from '../../../../src/vscode/chat/waitingQuestionCount';
import type { ProposalDecision } from '../../../../src/vscode/review/vscodeFileChanges';

const subagent = { taskId: 'child-1', agent: 'general', description: 'd' };
const taskCard = 'T';

/** Every update lands on the one task card, as a child's questions do; the question shown last is kept. */
function cardTranscript(shown: ToolCardUpdate[]): ChatTranscript {
  const transcript: Pick<ChatTranscript, 'updateCard'> = {
    updateCard: (update) => {
      shown.push(update);
      return { cardId: taskCard, messages: [] };
    },
  };
  return transcript as ChatTranscript;
}

/** The question id the card shows now, as the webview would send it back. */
function shownQuestion(shown: ToolCardUpdate[]): string | undefined {
  const last = shown.findLast((update) => update.type === 'subagent_approval_asked' || update.type === 'proposal_asked');
  if (last?.type === 'subagent_approval_asked') return last.approval.question;
  return last?.type === 'proposal_asked' ? last.question : undefined;
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function settledOrWaiting<T>(promise: Promise<T>): Promise<T | 'waiting'> {
  return Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 50))]);
}

function approvals(shown: ToolCardUpdate[]): ApprovalBridge {
  return new ApprovalBridge({ transcript: cardTranscript(shown), chatVisible: () => false, post: (_message: ToWebview) => undefined, waiting: new WaitingQuestionCount(() => undefined) });
}

const webPage = { kind: 'webPage', toolCallId: 'c1', url: 'https://example.com', domain: 'example.com', subagent } as unknown as ApprovalRequest;
const outsideCommand = {
  kind: 'command', toolCallId: 'c2', command: 'curl x|sh', cwd: '.', reasons: [], alwaysAllow: [],
  placement: { kind: 'outsideRequested', reason: 'needs the network' }, subagent,
} as unknown as ApprovalRequest;

describe('questions that share a subagent’s task card', () => {
  beforeEach(() => {
    fakeVscode.notifications.length = 0;
  });

  it('an old notification’s Allow does not answer a later question on the same card', async () => {
    const shown: ToolCardUpdate[] = [];
    const bridge = approvals(shown);
    const stop = new AbortController();
    const first = bridge.request(webPage, stop.signal);
    await tick();
    const firstNotification = fakeVscode.notifications[0];
    assert.ok(firstNotification);
    bridge.messageHandlers.resolveApproval({ type: 'resolveApproval', itemId: taskCard, question: shownQuestion(shown), decision: 'deny' });
    assert.equal((await first).approved, false);

    const second = bridge.request(outsideCommand, stop.signal);
    await tick();
    firstNotification.press('Allow');
    assert.equal(await settledOrWaiting(second), 'waiting');
    stop.abort();
    assert.deepEqual(await second, { approved: false, reason: 'The user stopped the request.' });
  });

  it('a second question waits for the first instead of denying it, and each answer reaches only its own', async () => {
    const shown: ToolCardUpdate[] = [];
    const bridge = approvals(shown);
    const stop = new AbortController();
    const first = bridge.request(webPage, stop.signal);
    await tick();
    const firstQuestion = shownQuestion(shown);
    const second = bridge.request(outsideCommand, stop.signal);
    await tick();
    assert.equal(await settledOrWaiting(first), 'waiting');
    assert.equal(fakeVscode.notifications.length, 1, 'the second question is not shown while the first waits');

    fakeVscode.notifications[0]?.press('Allow');
    assert.equal((await first).approved, true);
    assert.equal(await settledOrWaiting(second), 'waiting');
    // An answer offered for the first question is dropped once it is gone.
    bridge.messageHandlers.resolveApproval({ type: 'resolveApproval', itemId: taskCard, question: firstQuestion, decision: 'allow' });
    assert.equal(await settledOrWaiting(second), 'waiting');
    const secondQuestion = shownQuestion(shown);
    assert.notEqual(secondQuestion, firstQuestion);
    bridge.messageHandlers.resolveApproval({ type: 'resolveApproval', itemId: taskCard, question: secondQuestion, decision: 'deny' });
    const decision: ApprovalDecision = await second;
    assert.equal(decision.approved, false);
  });

  it('a child’s second edit proposal waits for the first, and an answer for the first does not apply the second', async () => {
    const shown: ToolCardUpdate[] = [];
    const manager = { onDidChange: () => ({ dispose: () => undefined }), onDidSettle: () => ({ dispose: () => undefined }) };
    const deps = { manager, actions: {}, transcript: cardTranscript(shown), chatVisible: () => true, post: () => undefined, waiting: new WaitingQuestionCount(() => undefined) };
    const bridge = new ReviewBridge(deps as unknown as ReviewBridgeDependencies);
    const stop = new AbortController();
    const first = bridge.ask({ toolCallId: 'c1', subagent }, 'diff one', stop.signal);
    await tick();
    const firstQuestion = shownQuestion(shown);
    const second = bridge.ask({ toolCallId: 'c2', subagent }, 'diff two', stop.signal);
    await tick();
    assert.equal(await settledOrWaiting(first), 'waiting', 'the second proposal does not reject the first');

    bridge.messageHandlers.resolveProposal({ type: 'resolveProposal', itemId: taskCard, question: firstQuestion, decision: 'reject' });
    assert.equal((await first).decision, 'reject');
    // The same click arriving twice (or late) is for the first proposal: it must not apply the second.
    bridge.messageHandlers.resolveProposal({ type: 'resolveProposal', itemId: taskCard, question: firstQuestion, decision: 'apply' });
    assert.equal(await settledOrWaiting(second), 'waiting');
    bridge.messageHandlers.resolveProposal({ type: 'resolveProposal', itemId: taskCard, question: shownQuestion(shown), decision: 'apply' });
    const decision: ProposalDecision = await second;
    assert.equal(decision.decision, 'apply');
    bridge.dispose();
  });
});

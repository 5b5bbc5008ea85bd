import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { Approval } from '../../../../src/protocol/chatItems';
import { toWebviewSchema } from '../../../../src/protocol/toWebview';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';

const approval: Approval = { kind: 'command', title: 'Run this command?', command: 'rm -rf build', reasons: ['rm is not on the allow list'], alwaysAllow: [], state: 'pending' };

function counter(): () => string {
  let next = 0;
  return () => `id${++next}`;
}

function toolCall(id: string): AgentEvent {
  return { type: 'tool_call', id, name: 'run_command', arguments: '{"command":"rm -rf build"}', title: 'Running rm -rf build', kind: 'command', subject: 'rm -rf build' };
}

describe('ChatTranscript: review and approval news on the tool cards', () => {
  let transcript: ChatTranscript;

  beforeEach(() => {
    transcript = new ChatTranscript([], counter());
    transcript.addUser('clean up', []);
    transcript.apply(toolCall('c1'));
  });

  it('shows a permission request on the card of its call, then the answer on the same card', () => {
    const asked = transcript.updateCard({ type: 'approval_asked', toolCallId: 'c1', approval });
    assert.equal(asked?.cardId, 'c1');
    for (const message of asked?.messages ?? []) toWebviewSchema.parse(message);
    const card = transcript.items.at(-1);
    assert.deepEqual(card?.kind === 'tool' && card.approval, approval);
    const denied: Approval = { ...approval, state: 'denied', reason: 'not now' };
    const decided = transcript.updateCard({ type: 'approval_decided', cardId: 'c1', approval: denied });
    assert.deepEqual(decided?.messages, [{ type: 'itemUpdated', item: transcript.items.at(-1) }]);
    const answered = transcript.items.at(-1);
    assert.deepEqual(answered?.kind === 'tool' && answered.approval, denied);
  });

  it('says when no card of the run under way shows the call', () => {
    assert.equal(transcript.updateCard({ type: 'approval_asked', toolCallId: 'c9', approval }), undefined);
    transcript.apply({ type: 'done', outcome: { reason: 'completed', text: '' } });
    assert.equal(transcript.updateCard({ type: 'proposal_asked', toolCallId: 'c1', diff: '-a\n+b' }), undefined, 'the run ended');
    assert.equal(transcript.updateCard({ type: 'approval_decided', cardId: 'nowhere', approval }), undefined);
  });

  it('keeps a proposal’s diff when it is decided, and changes nothing on a card without one', () => {
    transcript.updateCard({ type: 'proposal_asked', toolCallId: 'c1', diff: '-a\n+b' });
    transcript.updateCard({ type: 'proposal_decided', cardId: 'c1', state: 'rejected', feedback: 'keep a' });
    const card = transcript.items.at(-1);
    assert.deepEqual(card?.kind === 'tool' && card.proposal, { diff: '-a\n+b', state: 'rejected', feedback: 'keep a' });
    transcript.apply(toolCall('c2'));
    assert.deepEqual(transcript.updateCard({ type: 'proposal_decided', cardId: 'c2', state: 'applied', feedback: undefined }), { cardId: 'c2', messages: [] });
  });

  it('links the file a call changed, on the card of this run when a provider reuses call ids', () => {
    transcript.addUser('again', []);
    transcript.apply(toolCall('c1'));
    const shown = transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', changedFile: { uri: 'file:///w/a.ts', path: 'a.ts' }, review: 'pending' });
    assert.notEqual(shown?.cardId, 'c1');
    const card = transcript.items.at(-1);
    assert.equal(card?.id, shown?.cardId);
    assert.deepEqual(card?.kind === 'tool' && card.changedFile, { uri: 'file:///w/a.ts', path: 'a.ts' });
  });

  it('marks a changed file\'s card as waiting for review, then shows what the user decided, also after the run ended', () => {
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', changedFile: { uri: 'file:///w/a.ts', path: 'a.ts' }, review: 'pending' });
    const pending = transcript.items.at(-1);
    assert.equal(pending?.kind === 'tool' && pending.review, 'pending');
    transcript.apply({ type: 'done', outcome: { reason: 'completed', text: '' } });
    const decided = transcript.updateCard({ type: 'review_decided', cardId: 'c1', review: 'rejected' });
    for (const message of decided?.messages ?? []) toWebviewSchema.parse(message);
    const card = transcript.items.find((item) => item.id === 'c1');
    assert.deepEqual(card?.kind === 'tool' && [card.review, card.changedFile?.path], ['rejected', 'a.ts']);
  });

  it('starts afresh with the items of another conversation', () => {
    transcript.load([{ kind: 'user', id: 'u1', text: 'other', attachments: [] }]);
    assert.deepEqual(transcript.items, [{ kind: 'user', id: 'u1', text: 'other', attachments: [] }]);
    assert.equal(transcript.updateCard({ type: 'approval_asked', toolCallId: 'c1', approval }), undefined);
  });
});

import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { Approval, ChatItemOf } from '../../../../src/protocol/chatItems';
import type { AppliedFileChange } from '../../../../src/vscode/chat/cardChangedFiles';
import { toWebviewSchema } from '../../../../src/protocol/toWebview';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';

const approval: Approval = { kind: 'command', title: 'Run this command?', command: 'rm -rf build', reasons: ['rm is not on the allow list'], alwaysAllow: [], state: 'pending' };

function changed(path: string, change: AppliedFileChange['change'], added: number, removed: number): AppliedFileChange {
  return { uri: `file:///w/${path}`, path, change, added, removed };
}

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
    const shown = transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('a.ts', 'modified', 2, 1), review: 'pending' });
    assert.notEqual(shown?.cardId, 'c1');
    const card = transcript.items.at(-1);
    assert.equal(card?.id, shown?.cardId);
    assert.deepEqual(card?.kind === 'tool' && card.changedFiles, [{ uri: 'file:///w/a.ts', path: 'a.ts', change: 'modified', added: 2, removed: 1, review: 'pending' }]);
  });

  it('marks a changed file\'s card as waiting for review, then shows what the user decided, also after the run ended', () => {
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('a.ts', 'modified', 2, 1), review: 'pending' });
    const pending = transcript.items.at(-1);
    assert.equal(pending?.kind === 'tool' && pending.review, 'pending');
    transcript.apply({ type: 'done', outcome: { reason: 'completed', text: '' } });
    const decided = transcript.updateCard({ type: 'review_decided', cardId: 'c1', uri: 'file:///w/a.ts', review: 'rejected' });
    for (const message of decided?.messages ?? []) toWebviewSchema.parse(message);
    const card = transcript.items.find((item) => item.id === 'c1');
    assert.deepEqual(card?.kind === 'tool' && [card.review, card.changedFiles?.map((file) => [file.path, file.review])], ['rejected', [['a.ts', 'rejected']]]);
  });

  it('lists every file one call changed, in order, a move as one entry from its old place, each with its own review', () => {
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('src/app.ts', 'modified', 3, 1), review: 'pending' });
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('docs/new.md', 'created', 4, 0), review: 'pending' });
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('lib/b.ts', 'created', 10, 0), review: 'pending' });
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: { ...changed('lib/a.ts', 'deleted', 1, 1), movedTo: 'file:///w/lib/b.ts' }, review: 'pending' });
    const shown = transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('old.txt', 'deleted', 0, 5), review: 'pending' });
    for (const message of shown?.messages ?? []) toWebviewSchema.parse(message);
    const card = (): ChatItemOf<'tool'> => transcript.items.find((item): item is ChatItemOf<'tool'> => item.id === 'c1' && item.kind === 'tool') as ChatItemOf<'tool'>;
    assert.deepEqual(card().changedFiles, [
      { uri: 'file:///w/src/app.ts', path: 'src/app.ts', change: 'modified', added: 3, removed: 1, review: 'pending' },
      { uri: 'file:///w/docs/new.md', path: 'docs/new.md', change: 'created', added: 4, removed: 0, review: 'pending' },
      { uri: 'file:///w/lib/b.ts', path: 'lib/b.ts', change: 'moved', from: { uri: 'file:///w/lib/a.ts', path: 'lib/a.ts', review: 'pending' }, added: 1, removed: 1, review: 'pending' },
      { uri: 'file:///w/old.txt', path: 'old.txt', change: 'deleted', added: 0, removed: 5, review: 'pending' },
    ]);
    transcript.updateCard({ type: 'review_decided', cardId: 'c1', uri: 'file:///w/docs/new.md', review: 'rejected' });
    transcript.updateCard({ type: 'review_decided', cardId: 'c1', uri: 'file:///w/lib/a.ts', review: 'accepted' });
    assert.deepEqual(card().changedFiles?.map((file) => [file.review, file.from?.review]), [['pending', undefined], ['rejected', undefined], ['pending', 'accepted'], ['pending', undefined]]);
    assert.equal(card().review, 'pending', 'the card waits while any file does');
    for (const uri of ['file:///w/src/app.ts', 'file:///w/lib/b.ts', 'file:///w/old.txt']) transcript.updateCard({ type: 'review_decided', cardId: 'c1', uri, review: 'accepted' });
    assert.equal(card().review, 'partlyRejected', 'one file rejected, the rest accepted');
  });

  it('keeps one entry for a file the call changed twice, still created when it created it', () => {
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('a.ts', 'created', 2, 0), review: 'pending' });
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('a.ts', 'modified', 1, 1), review: 'pending' });
    const card = transcript.items.at(-1);
    assert.deepEqual(card?.kind === 'tool' && card.changedFiles, [{ uri: 'file:///w/a.ts', path: 'a.ts', change: 'created', added: 3, removed: 1, review: 'pending' }]);
  });

  it('drops a file the call put back from its card, a moved file’s two places in turn, and the card’s review with the last', () => {
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('a.ts', 'modified', 1, 1), review: 'accepted' });
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: changed('lib/b.ts', 'created', 3, 0), review: 'pending' });
    transcript.updateCard({ type: 'file_changed', toolCallId: 'c1', file: { ...changed('lib/a.ts', 'deleted', 0, 3), movedTo: 'file:///w/lib/b.ts' }, review: 'pending' });
    const card = (): ChatItemOf<'tool'> => transcript.items.find((item): item is ChatItemOf<'tool'> => item.id === 'c1' && item.kind === 'tool') as ChatItemOf<'tool'>;
    transcript.updateCard({ type: 'file_put_back', toolCallId: 'c1', uri: 'file:///w/lib/a.ts' });
    assert.deepEqual(card().changedFiles?.map((file) => [file.path, file.change, file.from?.path]), [['a.ts', 'modified', undefined], ['lib/b.ts', 'created', undefined]]);
    const shown = transcript.updateCard({ type: 'file_put_back', toolCallId: 'c1', uri: 'file:///w/lib/b.ts' });
    for (const message of shown?.messages ?? []) toWebviewSchema.parse(message);
    assert.deepEqual([card().changedFiles?.map((file) => file.path), card().review], [['a.ts'], 'accepted']);
    transcript.updateCard({ type: 'file_put_back', toolCallId: 'c1', uri: 'file:///w/a.ts' });
    assert.deepEqual([card().changedFiles, card().review], [undefined, undefined], 'nothing left to link to or review');
  });

  it('shows the review of a card saved before cards listed their files, which has it on the card only', () => {
    transcript.load([{ kind: 'tool', id: 'old', name: 'edit_file', title: 'Edited a.ts +1 −1', status: 'done', arguments: '{}', result: 'ok', changedFiles: [{ uri: 'file:///w/a.ts', path: 'a.ts' }], review: 'pending' }]);
    transcript.updateCard({ type: 'review_decided', cardId: 'old', uri: 'file:///w/a.ts', review: 'accepted' });
    const card = transcript.items.at(-1);
    assert.deepEqual(card?.kind === 'tool' && [card.review, card.changedFiles], ['accepted', [{ uri: 'file:///w/a.ts', path: 'a.ts' }]]);
  });

  it('starts afresh with the items of another conversation', () => {
    transcript.load([{ kind: 'user', id: 'u1', text: 'other', attachments: [] }]);
    assert.deepEqual(transcript.items, [{ kind: 'user', id: 'u1', text: 'other', attachments: [] }]);
    assert.equal(transcript.updateCard({ type: 'approval_asked', toolCallId: 'c1', approval }), undefined);
  });
});

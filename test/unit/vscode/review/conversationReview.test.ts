import assert from 'node:assert/strict';
import { ConversationReview } from '../../../../src/vscode/review/conversationReview';

describe('ConversationReview', () => {
  it('survives a save and load: baselines, checkpoints and notes for the model', () => {
    const review = new ConversationReview();
    review.checkpoints.begin('message-1');
    review.checkpoints.recordBeforeChange('/w/a.ts', 'old\n');
    review.checkpoints.recordBeforeChange('/w/new.ts', null);
    review.files.set('/w/a.ts', { path: '/w/a.ts', displayPath: 'a.ts', baseline: 'old\n', agentText: 'new\n', decisions: { accepted: false, rejected: true } });
    review.files.set('/w/new.ts', { path: '/w/new.ts', displayPath: 'new.ts', baseline: null, agentText: 'created\n' });
    review.notes.push('The user rejected your change to a.ts line 1.');

    const loaded = ConversationReview.fromJSON(JSON.parse(JSON.stringify(review)));

    assert.deepEqual([...loaded.files.values()], [...review.files.values()]);
    assert.deepEqual(loaded.notes, review.notes);
    assert.deepEqual(loaded.checkpoints.restorePlan('message-1'), [
      { path: '/w/a.ts', content: 'old\n' },
      { path: '/w/new.ts', content: null },
    ]);
  });

  it('starts empty from a missing or damaged record, without throwing', () => {
    for (const stored of [undefined, null, 42, { files: 'nope' }, { files: [{ path: 1 }], checkpoints: {}, notes: [] }]) {
      const review = ConversationReview.fromJSON(stored);
      assert.equal(review.files.size, 0);
      assert.deepEqual(review.notes, []);
      assert.deepEqual(review.checkpoints.checkpointsWithChanges(), []);
    }
  });
});

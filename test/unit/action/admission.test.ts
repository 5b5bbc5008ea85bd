import assert from 'node:assert/strict';
import { admissionOf } from '../../../src/action/admission';
import { ownCommentMarker } from '../../../src/action/replies';

const person = { login: 'octocat', type: 'User' };
const issue = { number: 3, title: 't', body: 'b', user: { login: 'a' } };

describe('who may start the GitHub Action', () => {
  it('checks the commenter of a comment, with or without the prompt input, and turns away bots, edits and its own comments first', () => {
    const comment = (body: string, user: { login: string; type: string }, prompt = '', action = 'created') => admissionOf('issue_comment', { action, comment: { body, user }, issue, sender: user }, user.login, prompt, '@elbow');
    for (const prompt of ['', 'Triage this issue']) {
      assert.deepEqual(comment('@elbow go', { login: 'renovate[bot]', type: 'Bot' }, prompt), { kind: 'skip', reason: 'the event is by a bot (renovate[bot])' });
      assert.deepEqual(comment('@elbow go', { login: 'helper-app', type: 'Bot' }, prompt), { kind: 'skip', reason: 'the event is by a bot (helper-app)' });
      assert.deepEqual(comment(`Done, as @elbow was asked.\n${ownCommentMarker}`, person, prompt), { kind: 'skip', reason: 'the comment is one of Elbow\'s own' });
      assert.deepEqual(comment('@elbow go', person, prompt, 'edited'), { kind: 'skip', reason: 'the comment was edited, not created' });
      assert.deepEqual(comment('@elbow go', person, prompt), { kind: 'admit', checkAccessOf: 'octocat' });
    }
    assert.deepEqual(comment('no phrase here', person), { kind: 'skip', reason: 'the comment does not contain @elbow' });
    assert.deepEqual(comment('@elbow ' + 'x'.repeat(70_000), person), { kind: 'skip', reason: 'the comment is longer than the 65536 characters GitHub allows' });
  });

  it('checks the sender of every event an outsider can cause when the prompt input is set', () => {
    const prompt = 'Triage this issue';
    assert.deepEqual(admissionOf('issues', { action: 'opened', issue, sender: { login: 'Mallory', type: 'User' } }, 'Mallory', prompt, '@elbow'), { kind: 'admit', checkAccessOf: 'Mallory' });
    assert.deepEqual(admissionOf('pull_request_target', { action: 'opened', pull_request: issue }, 'Mallory', prompt, '@elbow'), { kind: 'admit', checkAccessOf: 'Mallory' });
    assert.deepEqual(admissionOf('pull_request', { action: 'opened', pull_request: issue, sender: { login: 'dependabot[bot]', type: 'Bot' } }, 'dependabot[bot]', prompt, '@elbow'), { kind: 'skip', reason: 'the event is by a bot (dependabot[bot])' });
    assert.deepEqual(admissionOf('discussion', { action: 'created' }, '', prompt, '@elbow'), { kind: 'skip', reason: 'the discussion event names no sender whose access could be checked' });
  });

  it('needs no look-up for events only writers cause, and nothing to do without a prompt or a comment', () => {
    assert.deepEqual(admissionOf('schedule', {}, '', 'Update the changelog.', '@elbow'), { kind: 'admit' });
    assert.deepEqual(admissionOf('workflow_dispatch', { sender: person }, 'octocat', 'Update the changelog.', '@elbow'), { kind: 'admit' });
    assert.deepEqual(admissionOf('push', {}, 'octocat', '', '@elbow'), { kind: 'skip', reason: 'the prompt input is empty and a push event is not a comment' });
  });
});

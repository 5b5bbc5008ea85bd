import assert from 'node:assert/strict';
import { triggerOf, withoutPhrase } from '../../../src/action/trigger';
import { ownCommentMarker } from '../../../src/action/replies';

describe('what starts the GitHub Action', () => {
  it('takes the trigger phrase out of the comment, with the comma before it, only where it stands as a word', () => {
    assert.equal(withoutPhrase('@elbow please fix this', '@elbow'), 'please fix this');
    assert.equal(withoutPhrase('What do you think, @elbow?', '@elbow'), 'What do you think?');
    assert.equal(withoutPhrase('Looks good.\n@elbow: add a test', '@elbow'), 'Looks good.\nadd a test');
    assert.equal(withoutPhrase('mail me at me@elbow.dev', '@elbow'), undefined);
    assert.equal(withoutPhrase('@elbowroom is a word', '@elbow'), undefined);
    assert.equal(withoutPhrase('/ai+ do it', '/ai+'), 'do it');
  });

  it('starts nothing for bots, its own comments, edits, or a comment that asks nothing', () => {
    const comment = (body: string, user: { login: string; type: string }, action = 'created') => triggerOf('issue_comment', { action, comment: { body, user }, issue: { number: 3, title: 't', body: 'b', user: { login: 'a' } } }, '', '@elbow');
    const person = { login: 'octocat', type: 'User' };
    assert.deepEqual(comment('@elbow go', { login: 'renovate[bot]', type: 'Bot' }), { kind: 'skip', reason: 'the comment is by a bot (renovate[bot])' });
    assert.deepEqual(comment('@elbow go', { login: 'helper-app', type: 'Bot' }), { kind: 'skip', reason: 'the comment is by a bot (helper-app)' });
    assert.deepEqual(comment(`Done, as @elbow was asked.\n${ownCommentMarker}`, person), { kind: 'skip', reason: 'the comment is one of Elbow\'s own' });
    assert.deepEqual(comment('@elbow go', person, 'edited'), { kind: 'skip', reason: 'the comment was edited, not created' });
    assert.deepEqual(comment('@elbow', person), { kind: 'skip', reason: 'the comment asks nothing besides @elbow' });
    assert.deepEqual(comment('@elbow go', person), { kind: 'run', request: 'go', commenter: 'octocat', conversation: { number: 3, isPullRequest: false, title: 't', body: 'b', author: 'a' } });
  });

  it('names the file and line of a review comment, and runs a prompt on any event without a commenter to check', () => {
    const review = triggerOf('pull_request_review_comment', { action: 'created', comment: { body: '@elbow why?', user: { login: 'octocat', type: 'User' }, path: 'src/a.ts', line: 12 }, pull_request: { number: 5, title: 'T', body: null, user: { login: 'b' } } }, '', '@elbow');
    assert.deepEqual(review, { kind: 'run', request: 'why?', commenter: 'octocat', commentPlace: 'src/a.ts line 12', conversation: { number: 5, isPullRequest: true, title: 'T', body: '', author: 'b' } });
    assert.deepEqual(triggerOf('schedule', {}, ' Update the changelog. ', '@elbow'), { kind: 'run', request: 'Update the changelog.' });
    assert.deepEqual(triggerOf('push', {}, '', '@elbow'), { kind: 'skip', reason: 'the prompt input is empty and a push event is not a comment' });
  });
});

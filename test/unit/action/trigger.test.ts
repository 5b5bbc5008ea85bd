import assert from 'node:assert/strict';
import { triggerOf, withoutPhrase } from '../../../src/action/trigger';

describe('what starts the GitHub Action', () => {
  it('takes the trigger phrase out of the comment, with the comma before it, only where it stands as a word', () => {
    assert.equal(withoutPhrase('@elbow please fix this', '@elbow'), 'please fix this');
    assert.equal(withoutPhrase('What do you think, @elbow?', '@elbow'), 'What do you think?');
    assert.equal(withoutPhrase('Looks good.\n@elbow: add a test', '@elbow'), 'Looks good.\nadd a test');
    assert.equal(withoutPhrase('mail me at me@elbow.dev', '@elbow'), undefined);
    assert.equal(withoutPhrase('@elbowroom is a word', '@elbow'), undefined);
    assert.equal(withoutPhrase('/ai+ do it', '/ai+'), 'do it');
  });

  it('looks for the phrase in time linear in the comment, whatever a stranger writes', () => {
    for (const body of [' '.repeat(60_000) + '@elbowx', 'hi' + ' \t'.repeat(30_000) + '@elbowx', ', '.repeat(30_000) + '@elbow,']) {
      const started = performance.now();
      withoutPhrase(body, '@elbow');
      // A coarse guard: the backtracking pattern this replaced took hours here.
      assert.ok(performance.now() - started < 1000, `${body.length} characters took ${Math.round(performance.now() - started)} ms`);
    }
  });

  it('does not take the phrase from quoted text or code, which may be someone else\'s words', () => {
    assert.equal(withoutPhrase('> @elbow delete the tests\n\nI disagree.', '@elbow'), undefined);
    assert.equal(withoutPhrase('```\n@elbow push to main\n```', '@elbow'), undefined);
    assert.equal(withoutPhrase('~~~~md\n```\n@elbow no\n~~~~\n@elbow yes', '@elbow'), '~~~~md\n```\n@elbow no\n~~~~\nyes');
    assert.equal(withoutPhrase('Try `@elbow`.', '@elbow'), undefined);
    assert.equal(withoutPhrase('> quoted\n\nFix it, @elbow.', '@elbow'), '> quoted\n\nFix it.');
  });

  it('asks nothing besides the phrase, or takes the request from a comment', () => {
    const comment = (body: string) => triggerOf('issue_comment', { action: 'created', comment: { body, user: { login: 'octocat', type: 'User' } }, issue: { number: 3, title: 't', body: 'b', user: { login: 'a' } } }, '', '@elbow');
    assert.deepEqual(comment('@elbow'), { kind: 'skip', reason: 'the comment asks nothing besides @elbow' });
    assert.deepEqual(comment('> @elbow go'), { kind: 'skip', reason: 'the comment does not contain @elbow outside quotes and code' });
    assert.deepEqual(comment('@elbow go'), { kind: 'run', request: 'go', commenter: 'octocat', conversation: { number: 3, isPullRequest: false, title: 't', body: 'b', author: 'a' } });
  });

  it('names the file and line of a review comment, and runs the prompt input on any event', () => {
    const review = triggerOf('pull_request_review_comment', { action: 'created', comment: { body: '@elbow why?', user: { login: 'octocat', type: 'User' }, path: 'src/a.ts', line: 12 }, pull_request: { number: 5, title: 'T', body: null, user: { login: 'b' } } }, '', '@elbow');
    assert.deepEqual(review, { kind: 'run', request: 'why?', commenter: 'octocat', commentPlace: 'src/a.ts line 12', conversation: { number: 5, isPullRequest: true, title: 'T', body: '', author: 'b' } });
    assert.deepEqual(triggerOf('schedule', {}, ' Update the changelog. ', '@elbow'), { kind: 'run', request: 'Update the changelog.' });
    assert.deepEqual(triggerOf('push', {}, '', '@elbow'), { kind: 'skip', reason: 'the prompt input is empty and a push event is not a comment' });
  });
});

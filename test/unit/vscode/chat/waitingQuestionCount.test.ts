import assert from 'node:assert/strict';
import { questionBadge, WaitingQuestionCount } from '../../../../src/vscode/chat/waitingQuestionCount';

describe('WaitingQuestionCount', () => {
  it('counts each question until its answer settles, answered or failed, and says so at every change', async () => {
    const seen: number[] = [];
    const count = new WaitingQuestionCount((value) => seen.push(value));
    let answerFirst: (answer: string) => void = () => undefined;
    const first = count.until(new Promise<string>((resolve) => { answerFirst = resolve; }));
    const second = count.until(Promise.reject(new Error('the notification was closed')));
    assert.equal(count.value, 2);
    await assert.rejects(second);
    assert.equal(count.value, 1);
    answerFirst('allow');
    assert.equal(await first, 'allow');
    assert.equal(count.value, 0);
    assert.deepEqual(seen, [1, 2, 1, 0]);
  });

  it('makes the view’s badge: the number and what it means, and none when nothing waits', () => {
    assert.equal(questionBadge(0), undefined);
    assert.deepEqual(questionBadge(1), { value: 1, tooltip: 'Elbow is waiting for your answer' });
    assert.deepEqual(questionBadge(3), { value: 3, tooltip: 'Elbow is waiting for 3 answers' });
  });
});

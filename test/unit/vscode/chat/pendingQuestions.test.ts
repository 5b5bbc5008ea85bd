import assert from 'node:assert/strict';
import { PendingQuestions } from '../../../../src/vscode/chat/pendingQuestions';

describe('questions waiting on tool cards', () => {
  it('answers each question once, and Stop answers what still waits', async () => {
    const questions = new PendingQuestions<string>();
    const stop = new AbortController();
    const first = questions.wait('a', stop.signal, 'deny');
    const second = questions.wait('b', stop.signal, 'deny');
    questions.answer('a', 'allow');
    questions.answer('a', 'deny');
    stop.abort();
    assert.deepEqual(await Promise.all([first, second]), ['allow', 'deny']);
  });

  it('denies the earlier question when a second one asks on the same card, so none is left waiting', async () => {
    const questions = new PendingQuestions<string>();
    const stop = new AbortController();
    const earlier = questions.wait('dup', stop.signal, 'deny');
    const later = questions.wait('dup', stop.signal, 'deny');
    questions.answer('dup', 'allow');
    const settled = await Promise.race([earlier, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200))]);
    assert.equal(settled, 'deny');
    assert.equal(await later, 'allow');
  });
});

import assert from 'node:assert/strict';
import { PendingQuestions, type CardQuestion } from '../../../../src/vscode/chat/pendingQuestions';

/** A question on `cardId` whose result is its answer; `ids` collects the question ids shown. */
function onCard(cardId: string, ids: string[]): CardQuestion<string, string> {
  return {
    onAbort: 'stopped',
    show: (questionId) => {
      ids.push(questionId);
      return cardId;
    },
    unasked: (why) => why,
    decided: (_cardId, answer) => answer,
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('questions waiting on tool cards', () => {
  it('answers each question once, and Stop answers what still waits', async () => {
    const questions = new PendingQuestions<string>();
    const stop = new AbortController();
    const ids: string[] = [];
    const first = questions.ask('a', stop.signal, onCard('a', ids));
    const second = questions.ask('b', stop.signal, onCard('b', ids));
    await tick();
    questions.answerOnCard('a', ids[0], 'allow');
    questions.answerOnCard('a', ids[0], 'deny');
    stop.abort();
    assert.deepEqual(await Promise.all([first, second]), ['allow', 'stopped']);
  });

  it('drops an answer that names another question or another card', async () => {
    const questions = new PendingQuestions<string>();
    const ids: string[] = [];
    const asked = questions.ask('a', new AbortController().signal, onCard('a', ids));
    await tick();
    questions.answerOnCard('b', ids[0], 'allow');
    questions.answerOnCard('a', undefined, 'allow');
    questions.answerOnCard('a', 'q999', 'allow');
    questions.answerOnCard('a', ids[0], 'deny');
    assert.equal(await asked, 'deny');
  });

  it('asks questions in one line one at a time, and one stopped before its turn is never shown', async () => {
    const questions = new PendingQuestions<string>();
    const ids: string[] = [];
    const stopSecond = new AbortController();
    const first = questions.ask('card', new AbortController().signal, onCard('card', ids));
    const second = questions.ask('card', stopSecond.signal, onCard('card', ids));
    const third = questions.ask('card', new AbortController().signal, onCard('card', ids));
    await tick();
    assert.equal(ids.length, 1);
    stopSecond.abort();
    assert.equal(await second, 'stopped');
    await tick();
    assert.equal(ids.length, 1, 'the third waits for the first');
    questions.answer(ids[0] ?? '', 'allow');
    assert.equal(await first, 'allow');
    await tick();
    assert.equal(ids.length, 2);
    questions.answer(ids[1] ?? '', 'deny');
    assert.equal(await third, 'deny');
  });

  it('answers every open question when the conversation closes, and never shows the ones still in line', async () => {
    const questions = new PendingQuestions<string>();
    const ids: string[] = [];
    const first = questions.ask('card', new AbortController().signal, onCard('card', ids));
    const second = questions.ask('card', new AbortController().signal, onCard('card', ids));
    await tick();
    questions.answerAll('closed');
    assert.deepEqual(await Promise.all([first, second]), ['closed', 'stopped']);
    assert.equal(ids.length, 1);
  });
});

/** How a bridge puts one question on a tool card and turns the user's answer into its result. */
export interface CardQuestion<Answer, Result> {
  /** The answer when the request is stopped while the question waits. */
  onAbort: Answer;
  /** Shows the question, named by its own id, on its card; the card's id, `undefined` when there is no card to show it on. */
  show(questionId: string): string | undefined;
  /** The result when the question was never shown: no card, or the request was stopped before its turn. */
  unasked(why: 'notShown' | 'stopped'): Result;
  /** Called once the question shows: `answer` answers this question and no other (e.g. a notification's buttons). */
  shown?(cardId: string, answer: (answer: Answer) => void): void;
  /** Shows the answer on the card, before the next question on it shows; its result is the question's. */
  decided(cardId: string, answer: Answer): Result;
}

interface OpenQuestion<Answer> {
  cardId: string;
  settle(answer: Answer): void;
}

/**
 * Questions the chat put to the user on tool cards. Every question has its own id, and an answer
 * applies only to the question it was offered for: one given after that question is gone (answered,
 * stopped, or replaced by a later question on the same card) is dropped. Questions that share a card
 * (the calls of one subagent all show on its task's card) are asked one at a time, in order, so a
 * later question never replaces or answers an earlier one.
 */
export class PendingQuestions<Answer> {
  private lastId = 0;
  private readonly open = new Map<string, OpenQuestion<Answer>>();
  private readonly lines = new Map<string, Promise<void>>();
  /** Counts `answerAll`: a question still in line when it ran is never shown. */
  private closings = 0;

  /** Asks `question` once every earlier question in `line` (the card it shows on) is answered. */
  async ask<Result>(line: string, signal: AbortSignal, question: CardQuestion<Answer, Result>): Promise<Result> {
    const earlier = this.lines.get(line) ?? Promise.resolve();
    let release = (): void => undefined;
    const turn = earlier.then(() => new Promise<void>((resolve) => { release = resolve; }));
    this.lines.set(line, turn);
    const closings = this.closings;
    try {
      await untilAborted(earlier, signal);
      if (signal.aborted || this.closings !== closings) return question.unasked('stopped');
      const questionId = `q${++this.lastId}`;
      const cardId = question.show(questionId);
      if (cardId === undefined) return question.unasked('notShown');
      const answered = this.wait(questionId, cardId, signal, question.onAbort);
      question.shown?.(cardId, (answer) => this.answer(questionId, answer));
      return question.decided(cardId, await answered);
    } finally {
      // Wait for our turn to exist before releasing it, so the line never skips ahead.
      void earlier.then(() => {
        release();
        if (this.lines.get(line) === turn) this.lines.delete(line);
      });
    }
  }

  /** Answers the question `questionId` if it still waits; otherwise the answer is dropped. */
  answer(questionId: string, answer: Answer): void {
    const open = this.open.get(questionId);
    if (open === undefined) return;
    this.open.delete(questionId);
    open.settle(answer);
  }

  /** The webview's answer: applies only if `questionId` still waits on that card. */
  answerOnCard(cardId: string, questionId: string | undefined, answer: Answer): void {
    if (questionId === undefined || this.open.get(questionId)?.cardId !== cardId) return;
    this.answer(questionId, answer);
  }

  /** Answers every open question, and those still in line are dropped unasked (the conversation closed). */
  answerAll(answer: Answer): void {
    this.closings++;
    for (const questionId of [...this.open.keys()]) this.answer(questionId, answer);
  }

  private wait(questionId: string, cardId: string, signal: AbortSignal, onAbort: Answer): Promise<Answer> {
    if (signal.aborted) return Promise.resolve(onAbort);
    return new Promise((resolve) => {
      const abort = (): void => this.answer(questionId, onAbort);
      signal.addEventListener('abort', abort, { once: true });
      this.open.set(questionId, {
        cardId,
        settle: (answer) => {
          signal.removeEventListener('abort', abort);
          resolve(answer);
        },
      });
    });
  }
}

/** Settles when `promise` does or when `signal` aborts, whichever is first. */
function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const abort = (): void => resolve();
    signal.addEventListener('abort', abort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}

/**
 * Questions the chat put to the user, one per tool card, each waiting for its answer. Stopping
 * the request answers with `onAbort`; an answer for a card nobody waits on is ignored.
 */
export class PendingQuestions<Answer> {
  private readonly waiting = new Map<string, (answer: Answer) => void>();

  /**
   * A second question on the same card (a provider that repeats a call's id) answers the first
   * with `onAbort`, so no question is left waiting where no card can answer it.
   */
  wait(cardId: string, signal: AbortSignal, onAbort: Answer): Promise<Answer> {
    this.answer(cardId, onAbort);
    if (signal.aborted) return Promise.resolve(onAbort);
    return new Promise((resolve) => {
      const abort = (): void => this.answer(cardId, onAbort);
      signal.addEventListener('abort', abort, { once: true });
      this.waiting.set(cardId, (answer) => {
        signal.removeEventListener('abort', abort);
        resolve(answer);
      });
    });
  }

  answer(cardId: string, answer: Answer): void {
    const waiting = this.waiting.get(cardId);
    if (waiting === undefined) return;
    this.waiting.delete(cardId);
    waiting(answer);
  }

  answerAll(answer: Answer): void {
    for (const cardId of [...this.waiting.keys()]) this.answer(cardId, answer);
  }
}

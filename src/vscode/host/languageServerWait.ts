import { abortableDelay } from '../../core/agent/abortableDelay';

/** How long a question may wait for a language server that is still starting or loading its project. */
export const FIRST_ANSWER_WAIT_MS = 10_000;
const RETRY_EVERY_MS = 500;

/**
 * Asks until the answer is not empty and `isComplete` accepts it, for at most `FIRST_ANSWER_WAIT_MS`
 * (once only when `askOnce`); then the last non-empty answer, or `undefined` when every answer was
 * empty. The abort signal ends the wait at once.
 */
export async function waitForAnswer<Result extends unknown[]>(
  ask: () => Promise<Result>,
  signal: AbortSignal,
  options: { askOnce: boolean; isComplete?: (answer: Result) => boolean },
): Promise<Result | undefined> {
  const deadline = Date.now() + FIRST_ANSWER_WAIT_MS;
  let best: Result | undefined;
  for (;;) {
    signal.throwIfAborted();
    const answer = await ask();
    if (answer.length > 0) {
      best = answer;
      if (options.isComplete?.(answer) ?? true) return answer;
    }
    if (options.askOnce || Date.now() + RETRY_EVERY_MS > deadline) return best;
    await abortableDelay(RETRY_EVERY_MS, signal);
  }
}

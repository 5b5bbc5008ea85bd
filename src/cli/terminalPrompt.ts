import type { AskLine } from './cliApprovals';

/** Runs `work` with the prompt to itself: a question of several lines (a server's form) asked whole. */
export type HoldPrompt = <T>(work: (ask: AskLine) => Promise<T>) => Promise<T>;

/**
 * The chat's one question waiting for an answer. Every asker (approvals, servers' questions, trust, slash arguments)
 * waits for the one before it, so the line typed for a question is that question's answer; a question of several
 * lines holds the prompt until its last line, so nothing is asked in between.
 */
export class TerminalPrompt {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting: ((line: string) => void) | undefined;

  constructor(private readonly write: (text: string) => void) {}

  /** One question, one line. */
  readonly ask: AskLine = (question, signal) => this.hold((ask) => ask(question, signal));

  readonly hold: HoldPrompt = <T>(work: (ask: AskLine) => Promise<T>): Promise<T> => {
    const turn = this.queue.then(() => work(this.askNow));
    this.queue = turn.catch(() => undefined);
    return turn;
  };

  /** A typed line: true when it answered the question waiting. */
  answer(line: string): boolean {
    const waiting = this.waiting;
    if (waiting === undefined) return false;
    waiting(line);
    return true;
  }

  private readonly askNow: AskLine = (question, signal) => new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    this.write(`\n${question}`);
    const done = (line: string | undefined): void => {
      signal.removeEventListener('abort', aborted);
      this.waiting = undefined;
      resolve(line);
    };
    const aborted = (): void => done(undefined);
    signal.addEventListener('abort', aborted, { once: true });
    this.waiting = done;
  });
}

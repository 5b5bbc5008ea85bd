import type * as vscode from 'vscode';

/**
 * How many questions wait for the user, wherever Elbow asked them (a tool card's permission, an edit
 * to approve, starting a new MCP server, the pending changes of New Chat): the chat view's badge shows
 * the number, so a question is not missed while the view is hidden.
 */
export class WaitingQuestionCount {
  private count = 0;

  constructor(private readonly changed: (count: number) => void) {}

  get value(): number {
    return this.count;
  }

  /** Counts a question until its answer settles, whatever the answer. */
  until<T>(answer: Promise<T>): Promise<T> {
    this.set(this.count + 1);
    return answer.finally(() => this.set(this.count - 1));
  }

  private set(count: number): void {
    this.count = count;
    this.changed(count);
  }
}

/** The view's badge for this many waiting questions; none when nothing waits. */
export function questionBadge(count: number): vscode.ViewBadge | undefined {
  if (count === 0) return undefined;
  return { value: count, tooltip: count === 1 ? 'Elbow is waiting for your answer' : `Elbow is waiting for ${count} answers` };
}

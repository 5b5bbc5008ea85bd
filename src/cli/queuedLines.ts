import type { UserMessage } from '../core/llm/messages';

/** Lines typed while a run goes on, sent together as the next message when it ends. */
export class QueuedLines {
  private lines: string[] = [];

  add(line: string): void {
    this.lines.push(line);
  }

  get size(): number {
    return this.lines.length;
  }

  /** The queued lines as one message, emptying the queue; undefined when nothing is queued. */
  take(): string | undefined {
    if (this.lines.length === 0) return undefined;
    const text = this.lines.join('\n');
    this.lines = [];
    return text;
  }

  /** Steering messages the run ended without go back to the front of the queue. */
  restore(contents: ReadonlyArray<UserMessage['content']>): void {
    const texts = contents.map((content) => content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')).filter((text) => text !== '');
    this.lines = [...texts, ...this.lines];
  }
}

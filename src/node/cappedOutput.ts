/**
 * Output kept in memory up to a limit: the first half and the last half of it, with a marker
 * saying how much of the middle was dropped, so a runaway command cannot exhaust memory.
 */
export class CappedOutput {
  private head = '';
  private tail = '';
  private droppedBytes = 0;
  private readonly headLimit: number;
  private readonly tailLimit: number;
  /** Trimming the tail copies it, so it is let grow by this much before each trim. */
  private readonly tailSlack: number;

  constructor(maxChars: number) {
    this.headLimit = Math.floor(maxChars / 2);
    this.tailLimit = maxChars - this.headLimit;
    this.tailSlack = Math.max(1, Math.floor(this.tailLimit / 4));
  }

  append(chunk: string): void {
    if (this.tail === '' && this.head.length < this.headLimit) {
      const cut = cutBefore(chunk, this.headLimit - this.head.length);
      this.head += chunk.slice(0, cut);
      chunk = chunk.slice(cut);
    }
    this.tail += chunk;
    if (this.tail.length > this.tailLimit + this.tailSlack) this.trimTail();
  }

  text(): string {
    this.trimTail();
    if (this.droppedBytes === 0) return this.head + this.tail;
    return `${this.head}\n[… ${formatBytes(this.droppedBytes)} of output dropped …]\n${this.tail}`;
  }

  private trimTail(): void {
    const excess = this.tail.length - this.tailLimit;
    if (excess <= 0) return;
    const cut = cutAfter(this.tail, excess);
    this.droppedBytes += Buffer.byteLength(this.tail.slice(0, cut));
    this.tail = this.tail.slice(cut);
  }
}

/** `index`, moved back if it would split a surrogate pair. */
function cutBefore(text: string, index: number): number {
  return index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1)) ? index - 1 : index;
}

/** `index`, moved forward if it would split a surrogate pair. */
function cutAfter(text: string, index: number): number {
  return index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1)) ? index + 1 : index;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

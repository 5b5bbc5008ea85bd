const MAX_LINES = 5;
const MAX_LINE_LENGTH = 300;

/** The last lines a server wrote to stderr: logged as they come, and quoted when it fails. */
export class OutputTail {
  private lines: string[] = [];
  private partial = '';

  /** Adds output; returns the complete lines it finished. */
  add(chunk: string): string[] {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    const complete = parts.filter((line) => line.trim() !== '');
    this.lines = [...this.lines, ...complete].slice(-MAX_LINES);
    return complete;
  }

  clear(): void {
    this.lines = [];
    this.partial = '';
  }

  /** ` Its last output: …` or nothing. */
  describe(): string {
    const lines = [...this.lines, ...(this.partial.trim() === '' ? [] : [this.partial])].slice(-MAX_LINES);
    if (lines.length === 0) return '';
    const text = lines.map((line) => (line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}…` : line)).join(' | ');
    return ` Its last output: ${text}`;
  }
}

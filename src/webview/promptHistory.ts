const maxRecalledLength = 20_000;

/** Earlier prompts for ArrowUp/ArrowDown recall, like a shell: leaving the history restores what was being typed. */
export class PromptHistory {
  private readonly prompts: string[];
  /** Index into `prompts` while browsing; `undefined` while editing a fresh draft. */
  private position: number | undefined;
  private draft = '';

  constructor(prompts: readonly string[], private readonly limit = 50) {
    this.prompts = prompts.slice(-limit);
  }

  get entries(): readonly string[] {
    return this.prompts;
  }

  get browsing(): boolean {
    return this.position !== undefined;
  }

  add(prompt: string): void {
    // Huge pastes would bloat the state VS Code keeps for the view; they are not worth recalling.
    if (this.prompts.at(-1) !== prompt && prompt.length <= maxRecalledLength) this.prompts.push(prompt);
    if (this.prompts.length > this.limit) this.prompts.splice(0, this.prompts.length - this.limit);
    this.position = undefined;
  }

  /** The prompt before the one shown; `current` is kept to come back to. `undefined` when there is nothing older. */
  previous(current: string): string | undefined {
    if (this.position === undefined) {
      if (this.prompts.length === 0) return undefined;
      this.draft = current;
      this.position = this.prompts.length;
    }
    if (this.position === 0) return undefined;
    this.position--;
    return this.prompts[this.position];
  }

  /** The prompt after the one shown, then the draft; `undefined` when not browsing. */
  next(): string | undefined {
    if (this.position === undefined) return undefined;
    this.position++;
    if (this.position >= this.prompts.length) {
      this.position = undefined;
      return this.draft;
    }
    return this.prompts[this.position];
  }

  /** The user edited the text: it is a new draft now. */
  stopBrowsing(): void {
    this.position = undefined;
  }
}

/** Saves a moment after a change, once for a burst of changes. */
export class DelayedSave {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly save: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
    /** How long to wait, asked at each first change after a save: longer while a run goes on, which saves when it ends. */
    private readonly delayMs: () => number = () => 400,
  ) {}

  schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save().catch(this.failed);
    }, this.delayMs());
  }

  /** The caller saves now instead. */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

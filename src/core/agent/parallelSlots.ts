/** Children of `task` calls run at most this many at once per session, unless the settings say otherwise. */
export const defaultParallelSubagents = 3;

/** At most `size` pieces of work at once; the others wait their turn, in the order they asked. */
export class ParallelSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  /** Runs `work` once a slot is free; a cancelled wait gives up its place without running. */
  async run<T>(work: () => Promise<T>, signal: AbortSignal, cancelled: () => T): Promise<T> {
    if (this.running >= this.size && !(await this.turn(signal))) return cancelled();
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private turn(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const go = (): void => {
        signal.removeEventListener('abort', stop);
        resolve(true);
      };
      const stop = (): void => {
        const index = this.waiting.indexOf(go);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      };
      this.waiting.push(go);
      signal.addEventListener('abort', stop, { once: true });
    });
  }
}

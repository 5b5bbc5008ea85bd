/**
 * Runs a refresh so that notifications arriving faster than it finishes cost at most one more run:
 * one in flight and one queued; every request while one is queued joins that one.
 */
export class CoalescedRefresh {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly run: () => Promise<void>) {}

  request(): Promise<void> {
    if (this.running === undefined) return this.start();
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<void> {
    const running = this.run().finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }
}

/** Keeps a scroll container pinned to its bottom while content grows, until the user scrolls up to read. */
export class AutoScroll {
  private pinned = true;

  constructor(private readonly scroller: HTMLElement, private readonly slack = 40) {
    scroller.addEventListener('scroll', () => {
      this.pinned = this.atBottom();
    }, { passive: true });
  }

  get isPinned(): boolean {
    return this.pinned;
  }

  /** After content changed: stay at the bottom if we were there. */
  follow(): void {
    if (this.pinned) this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  /** After the user sent something or opened a conversation: go to the bottom and stay there. */
  pin(): void {
    this.pinned = true;
    this.follow();
  }

  private atBottom(): boolean {
    const { scrollHeight, scrollTop, clientHeight } = this.scroller;
    return scrollHeight - scrollTop - clientHeight <= this.slack;
  }
}

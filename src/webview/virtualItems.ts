import type { AutoScroll } from './autoScroll';
import { h } from './dom';
import { ItemHeights } from './itemHeights';

/** What the list of items gives the window: the items' ids in order, and their elements on demand. */
export interface ItemSource {
  ids(): readonly string[];
  /** About how tall the item is, before it was shown. */
  estimatedHeight(index: number): number;
  /** The item's element, its view made if it has none. */
  elementAt(index: number): HTMLElement;
  /** The item's element left the page; its view may be let go. */
  released(index: number): void;
}

/** Up to this many items, every one is in the page (as before there were long sessions): find and measure nothing. */
const renderAllUpTo = 600;

/**
 * The items of a long conversation in the page only around what is visible: above and below, spacers as tall as the
 * items they stand for (as measured when last shown, estimated before). Scrolling moves the window; the item at the top
 * of the view stays where it was while items come and go around it, and a list pinned to its bottom stays there.
 */
export class VirtualItems {
  private start = 0;
  private readonly elements: HTMLElement[] = [];
  private readonly topSpacer = spacer();
  private readonly bottomSpacer = spacer();
  private readonly heights: ItemHeights;
  private readonly resizes = new ResizeObserver((entries) => this.resized(entries));
  /** An item's margins, read from the first one measured (every item has the same). */
  private margins: number | undefined;

  constructor(
    private readonly container: HTMLElement,
    private readonly scroll: AutoScroll,
    private readonly source: ItemSource,
  ) {
    this.heights = new ItemHeights((index) => source.estimatedHeight(index));
    container.addEventListener('scroll', () => this.layout(), { passive: true });
    container.addEventListener('keydown', (event) => this.scrollByKey(event));
    new ResizeObserver(() => this.layout()).observe(container);
  }

  private get end(): number {
    return this.start + this.elements.length;
  }

  private get windowed(): boolean {
    return this.source.ids().length > renderAllUpTo;
  }

  /** A new list: shown from its bottom. */
  reset(): void {
    for (const element of this.elements) this.resizes.unobserve(element);
    this.elements.length = 0;
    this.start = 0;
    this.heights.clear();
    this.container.replaceChildren();
    // Only the few items of the window are laid out: each is measured as it is, not as content-visibility's placeholder.
    this.container.classList.toggle('windowed', this.windowed);
    const count = this.source.ids().length;
    if (!this.windowed) this.render(0, count);
    else {
      const total = this.heights.sum(this.source.ids(), 0, count);
      this.render(this.heights.rangeOver(this.source.ids(), total - this.container.clientHeight - this.reach(), Infinity).start, count);
    }
    this.scroll.pin();
  }

  /** An item was added at the end. */
  appended(): void {
    const count = this.source.ids().length;
    this.container.classList.toggle('windowed', this.windowed);
    if (this.end === count - 1) this.insert(count - 1, count, null);
    this.placeSpacers();
    if (this.windowed) this.layout();
  }

  /** The element of a shown item was replaced. */
  replaced(index: number, element: HTMLElement): void {
    const old = this.elements[index - this.start];
    if (old === undefined) return;
    this.resizes.unobserve(old);
    old.replaceWith(element);
    this.elements[index - this.start] = element;
    if (this.windowed) this.resizes.observe(element);
  }

  isShown(index: number): boolean {
    return index >= this.start && index < this.end;
  }

  /** Brings the item into the page and scrolls the least that shows it. */
  reveal(index: number): void {
    if (!this.isShown(index)) {
      this.container.scrollTop = this.paddingTop() + this.heights.sum(this.source.ids(), 0, index);
      this.layout();
    }
    this.elements[index - this.start]?.scrollIntoView({ block: 'nearest' });
  }

  /** Moves the window to where the view is scrolled, unless what it holds still covers that with some to spare. */
  layout(): void {
    const ids = this.source.ids();
    if (!this.windowed) {
      if (this.start !== 0 || this.end !== ids.length) this.render(0, ids.length);
      return;
    }
    const reach = this.reach();
    const top = this.container.scrollTop - this.paddingTop();
    const bottom = top + this.container.clientHeight;
    const shownTop = this.heights.sum(ids, 0, this.start);
    const shownBottom = shownTop + this.heights.sum(ids, this.start, this.end);
    const covered = (this.start === 0 || shownTop <= top - reach / 2) && (this.end === ids.length || shownBottom >= bottom + reach / 2);
    if (covered && this.elements.length > 0) return;
    const range = this.heights.rangeOver(ids, top - reach, bottom + reach);
    this.render(range.start, range.end);
  }

  /**
   * Home, End and the page keys of the focused list move at once: the browser's smooth scroll would end off its target
   * as scroll anchoring moves it while items come and go.
   */
  private scrollByKey(event: KeyboardEvent): void {
    if (!this.windowed || event.target !== this.container || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const page = this.container.clientHeight * 0.875;
    switch (event.key) {
      case 'Home': this.container.scrollTop = 0; break;
      case 'End': this.scroll.pin(); break;
      case 'PageUp': this.container.scrollTop -= page; break;
      case 'PageDown': this.container.scrollTop += page; break;
      default: return;
    }
    event.preventDefault();
  }

  /** How far beyond the view items are kept in the page. */
  private reach(): number {
    return Math.max(this.container.clientHeight, 400);
  }

  /** Shows exactly the items `start`..`end`, keeping those already shown in place (and with them focus and open details). */
  private render(start: number, end: number): void {
    this.measure(this.elements);
    const keepStart = Math.max(start, this.start);
    const keepEnd = Math.min(end, this.end);
    if (keepStart >= keepEnd) {
      this.remove(this.start, this.end);
      this.start = start;
      this.insert(start, end, null);
    } else {
      this.remove(this.start, keepStart);
      this.remove(keepEnd, this.end);
      this.start = keepStart;
      this.insert(start, keepStart, this.elements[0] ?? null);
      this.start = start;
      this.insert(keepEnd, end, null);
    }
    // Items that replace their spacer take the height it gave them, except where it was an estimate: then the
    // browser's scroll anchoring keeps the item at the top of the view where it was, without ending a smooth scroll.
    this.placeSpacers();
  }

  /** Takes the items `from`..`to` (at the window's edges) out of the page. */
  private remove(from: number, to: number): void {
    if (from >= to) return;
    const removed = this.elements.splice(from - this.start, to - from);
    if (from === this.start) this.start = to;
    removed.forEach((element, offset) => {
      // While still in the page, so that the view can tell whether it holds the focus.
      this.source.released(from + offset);
      this.resizes.unobserve(element);
      element.remove();
    });
  }

  /** Puts the items `from`..`to` into the page before `before` (or after the last shown), and measures them. */
  private insert(from: number, to: number, before: HTMLElement | null): void {
    if (from >= to) return;
    const added: HTMLElement[] = [];
    for (let index = from; index < to; index++) added.push(this.source.elementAt(index));
    const last = this.elements.at(-1);
    if (before !== null) before.before(...added);
    else if (last !== undefined) last.after(...added);
    else this.container.prepend(...added);
    if (before !== null) this.elements.unshift(...added);
    else this.elements.push(...added);
    if (this.windowed) {
      this.measure(added);
      for (const element of added) this.resizes.observe(element);
    }
  }

  /** The spacers stand for the items before and after the window; each is in the page only while it stands for some. */
  private placeSpacers(): void {
    const ids = this.source.ids();
    const above = this.heights.sum(ids, 0, this.start);
    const below = this.heights.sum(ids, this.end, ids.length);
    this.topSpacer.style.height = `${above}px`;
    this.bottomSpacer.style.height = `${below}px`;
    if (this.start === 0) this.topSpacer.remove();
    else if (this.container.firstChild !== this.topSpacer) this.container.prepend(this.topSpacer);
    // Absent at the bottom, so that the last item is the last child as CSS expects.
    if (this.end === ids.length) this.bottomSpacer.remove();
    else if (this.container.lastChild !== this.bottomSpacer) this.container.append(this.bottomSpacer);
  }

  private measure(elements: readonly HTMLElement[]): void {
    if (!this.windowed) return;
    for (const element of elements) {
      const id = element.dataset.itemId;
      if (id === undefined || !element.isConnected) continue;
      this.margins ??= marginsOf(element);
      this.heights.set(id, element.offsetHeight + this.margins);
    }
  }

  private resized(entries: readonly ResizeObserverEntry[]): void {
    this.measure(entries.map((entry) => entry.target as HTMLElement));
    if (this.scroll.isPinned) this.scroll.follow();
  }

  private paddingTop(): number {
    return parseFloat(getComputedStyle(this.container).paddingTop) || 0;
  }
}

function spacer(): HTMLElement {
  return h('div', { className: 'list-spacer', attributes: { 'aria-hidden': 'true' } });
}

function marginsOf(element: HTMLElement): number {
  const style = getComputedStyle(element);
  return (parseFloat(style.marginTop) || 0) + (parseFloat(style.marginBottom) || 0);
}

import type { ChatItem } from '../protocol/chatItems';
import type { AutoScroll } from './autoScroll';
import { AssistantItemView } from './items/assistantItem';
import { createItemView } from './items/createItemView';
import { ErrorItemView } from './items/errorItem';
import { estimatedHeight } from './items/estimatedHeight';
import type { ItemView } from './items/itemView';
import { UserItemView } from './items/userItem';
import { VirtualItems } from './virtualItems';
import type { ExtensionLink } from './vscodeApi';

/**
 * The conversation's items in `#messages`: views made when an item is first shown, streaming re-renders batched per
 * frame. In a long conversation only the items near the view are in the page (see VirtualItems); a view that holds
 * something of the user's (see `holdsState`) lives on out of the page, the others are made again from the item.
 */
export class MessageList {
  private items: ChatItem[] = [];
  private ids: string[] = [];
  private readonly positions = new Map<string, number>();
  private readonly views = new Map<string, ItemView>();
  private readonly dirty = new Set<AssistantItemView>();
  private readonly streaming = new Set<AssistantItemView>();
  private readonly virtual: VirtualItems;
  private frame: number | undefined;
  /** User items after which files changed; may arrive before or after the items, and outlives a `conversation`. */
  private checkpoints: ReadonlySet<string> = new Set();
  /** The errors that offer Retry, as last decided. */
  private retryable: ReadonlySet<string> = new Set();

  constructor(
    container: HTMLElement,
    private readonly scroll: AutoScroll,
    private readonly extension: ExtensionLink,
    /** Called after items were added, replaced or removed. */
    private readonly onChange: () => void,
  ) {
    this.virtual = new VirtualItems(container, scroll, {
      ids: () => this.ids,
      estimatedHeight: (index) => estimatedHeight(this.items[index] as ChatItem),
      elementAt: (index) => this.viewAt(index).element,
      released: (index) => this.released(index),
    });
  }

  get isEmpty(): boolean {
    return this.items.length === 0;
  }

  reset(items: readonly ChatItem[]): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.dirty.clear();
    this.streaming.clear();
    this.views.clear();
    this.items = [...items];
    this.ids = this.items.map((item) => item.id);
    this.positions.clear();
    this.ids.forEach((id, index) => this.positions.set(id, index));
    this.virtual.reset();
    this.changed();
    // What the change added (the plan's Act button) counts too.
    this.scroll.pin();
  }

  add(item: ChatItem): void {
    if (this.positions.has(item.id)) {
      this.update(item);
      return;
    }
    this.positions.set(item.id, this.items.length);
    this.items.push(item);
    this.ids.push(item.id);
    this.virtual.appended();
    this.changed();
    this.scroll.follow();
  }

  update(item: ChatItem): void {
    const index = this.positions.get(item.id);
    if (index === undefined) {
      this.add(item);
      return;
    }
    this.items[index] = item;
    const view = this.views.get(item.id);
    if (view instanceof AssistantItemView) {
      this.dirty.delete(view);
      this.stopStreaming(view);
    }
    if (view !== undefined && !view.update(item)) {
      this.views.delete(item.id);
      const replacement = this.viewAt(index);
      if (this.virtual.isShown(index)) this.virtual.replaced(index, replacement.element);
    }
    this.changed();
    this.scroll.follow();
  }

  appendText(itemId: string, text: string): void {
    this.streamingView(itemId)?.appendText(text);
  }

  appendThinking(itemId: string, text: string): void {
    this.streamingView(itemId)?.appendThinking(text);
  }

  /** Renders pending deltas now instead of at the next frame. */
  flush(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    for (const view of this.dirty) view.render();
    this.dirty.clear();
    this.scroll.follow();
  }

  /** The run ended: render what is pending, and let screen readers read the replies. */
  endStreaming(): void {
    this.flush();
    for (const view of this.streaming) view.setStreaming(false);
    this.streaming.clear();
  }

  /** Shows or hides Retry buttons, which depend on what follows each error. */
  refreshRetryButtons(running: boolean): void {
    const retryable = new Set<string>();
    let userAfter = false;
    for (let index = this.items.length - 1; index >= 0; index--) {
      const item = this.items[index] as ChatItem;
      // The last error may be retried even when not marked retryable: the user may have fixed the key or settings since.
      if (item.kind === 'error' && !running && (index === this.items.length - 1 || (item.retryable && !userAfter))) retryable.add(item.id);
      if (item.kind === 'user') userAfter = true;
    }
    this.retryable = retryable;
    for (const [id, view] of this.views) if (view instanceof ErrorItemView) view.showRetry(retryable.has(id));
  }

  /** The reply that ends the conversation, if it ends with one. */
  lastReply(): AssistantItemView | undefined {
    if (this.items.at(-1)?.kind !== 'assistant') return undefined;
    const view = this.viewAt(this.items.length - 1);
    return view instanceof AssistantItemView ? view : undefined;
  }

  /** Offers "Restore checkpoint" on exactly these user items, now and as they are created. */
  setCheckpoints(itemIds: readonly string[]): void {
    this.checkpoints = new Set(itemIds);
    for (const [id, view] of this.views) {
      if (view instanceof UserItemView) view.setCheckpoint(this.checkpoints.has(id));
    }
  }

  /** Scrolls the item into view, bringing it into the page first if the conversation is long. */
  reveal(itemId: string): void {
    const index = this.positions.get(itemId);
    if (index !== undefined) this.virtual.reveal(index);
  }

  private streamingView(itemId: string): AssistantItemView | undefined {
    const index = this.positions.get(itemId);
    const view = index === undefined ? undefined : this.viewAt(index);
    if (!(view instanceof AssistantItemView)) {
      console.warn(`Elbow: a delta for ${itemId}, which is not a reply on screen, was ignored.`);
      return undefined;
    }
    this.dirty.add(view);
    if (!this.streaming.has(view)) {
      this.streaming.add(view);
      view.setStreaming(true);
    }
    this.frame ??= requestAnimationFrame(() => this.flush());
    return view;
  }

  private stopStreaming(view: AssistantItemView): void {
    if (this.streaming.delete(view)) view.setStreaming(false);
  }

  /** The item's view, made from the item if it has none. */
  private viewAt(index: number): ItemView {
    const item = this.items[index] as ChatItem;
    const existing = this.views.get(item.id);
    if (existing !== undefined) return existing;
    const view = createItemView(item, this.extension);
    if (view instanceof UserItemView) view.setCheckpoint(this.checkpoints.has(item.id));
    if (view instanceof ErrorItemView) view.showRetry(this.retryable.has(item.id));
    this.views.set(item.id, view);
    return view;
  }

  /** The item left the page: its view goes too, unless it holds something of the user's or is still in use. */
  private released(index: number): void {
    const item = this.items[index] as ChatItem;
    const view = this.views.get(item.id);
    if (view === undefined || index === this.items.length - 1 || holdsState(item, view.element)) return;
    if (view instanceof AssistantItemView) {
      if (this.streaming.has(view) || this.dirty.has(view)) return;
      // Streamed deltas changed the view, not the item.
      if (item.kind === 'assistant') this.items[index] = { ...item, text: view.replyText, thinking: view.replyThinking };
    }
    this.views.delete(item.id);
  }

  private changed(): void {
    this.onChange();
  }
}

/** Whether a view holds what its item cannot give back: a question waiting, a card the user opened, a focused control. */
function holdsState(item: ChatItem, element: HTMLElement): boolean {
  if (item.kind === 'tool' && (item.approval?.state === 'pending' || item.proposal?.state === 'pending' || item.status === 'running')) return true;
  return element.querySelector('details[open]') !== null || element.contains(document.activeElement);
}

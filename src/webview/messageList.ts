import type { ChatItem } from '../protocol/chatItems';
import type { AutoScroll } from './autoScroll';
import { AssistantItemView } from './items/assistantItem';
import { createItemView } from './items/createItemView';
import { ErrorItemView } from './items/errorItem';
import type { ItemView } from './items/itemView';
import { UserItemView } from './items/userItem';
import type { ExtensionLink } from './vscodeApi';

/** The conversation's items in `#messages`: one view per item id, streaming re-renders batched per frame. */
export class MessageList {
  private readonly views = new Map<string, ItemView>();
  private readonly dirty = new Set<AssistantItemView>();
  private readonly streaming = new Set<AssistantItemView>();
  private frame: number | undefined;
  /** User items after which files changed; may arrive before or after the items, and outlives a `conversation`. */
  private checkpoints: ReadonlySet<string> = new Set();

  constructor(
    private readonly container: HTMLElement,
    private readonly scroll: AutoScroll,
    private readonly extension: ExtensionLink,
    /** Called after items were added, replaced or removed. */
    private readonly onChange: () => void,
  ) {}

  get isEmpty(): boolean {
    return this.views.size === 0;
  }

  reset(items: readonly ChatItem[]): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.dirty.clear();
    this.streaming.clear();
    this.views.clear();
    const elements = items.map((item) => this.createView(item).element);
    this.container.replaceChildren(...elements);
    this.changed();
    this.scroll.pin();
  }

  add(item: ChatItem): void {
    if (this.views.has(item.id)) {
      this.update(item);
      return;
    }
    this.container.append(this.createView(item).element);
    this.changed();
    this.scroll.follow();
  }

  update(item: ChatItem): void {
    const view = this.views.get(item.id);
    if (view === undefined) {
      this.add(item);
      return;
    }
    if (view instanceof AssistantItemView) {
      this.dirty.delete(view);
      this.stopStreaming(view);
    }
    if (!view.update(item)) view.element.replaceWith(this.createView(item).element);
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
    let last = true;
    let userAfter = false;
    for (const element of [...this.container.children].reverse()) {
      const view = this.views.get((element as HTMLElement).dataset.itemId ?? '');
      if (view instanceof ErrorItemView) {
        // The last error may be retried even when not marked retryable: the user may have fixed the key or settings since.
        view.showRetry(!running && (last || (view.retryable && !userAfter)));
      }
      if (element.classList.contains('item-user')) userAfter = true;
      last = false;
    }
  }

  /** The reply that ends the conversation, if it ends with one. */
  lastReply(): AssistantItemView | undefined {
    const view = this.views.get((this.container.lastElementChild as HTMLElement | null)?.dataset.itemId ?? '');
    return view instanceof AssistantItemView ? view : undefined;
  }

  /** Scrolls the item into view, wherever the user had scrolled to. */
  reveal(itemId: string): void {
    this.views.get(itemId)?.element.scrollIntoView({ block: 'nearest' });
  }

  /** Offers "Restore checkpoint" on exactly these user items, now and as they are created. */
  setCheckpoints(itemIds: readonly string[]): void {
    this.checkpoints = new Set(itemIds);
    for (const [id, view] of this.views) {
      if (view instanceof UserItemView) view.setCheckpoint(this.checkpoints.has(id));
    }
  }

  private streamingView(itemId: string): AssistantItemView | undefined {
    const view = this.views.get(itemId);
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

  private createView(item: ChatItem): ItemView {
    const view = createItemView(item, this.extension);
    if (view instanceof UserItemView) view.setCheckpoint(this.checkpoints.has(item.id));
    this.views.set(item.id, view);
    return view;
  }

  private changed(): void {
    this.onChange();
  }
}

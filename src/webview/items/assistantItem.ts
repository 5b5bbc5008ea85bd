import type { ChatItem, ChatItemOf } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { itemElement, type ItemView } from './itemView';

export const INTERRUPTED_REPLY_LABEL = 'Interrupted — retrying';

/**
 * A reply: optional thinking (collapsed, plain text) and markdown; a reply that broke off and was
 * asked for again is dimmed under an "Interrupted" label. Deltas only change the text; the list calls
 * `render()` at most once per frame, so a long reply streaming in re-renders one item, not the conversation.
 */
export class AssistantItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly thinkingText = h('div', { className: 'thinking-text' });
  private readonly thinking = h('details', { className: 'thinking', hidden: true }, [h('summary', { text: 'Thinking' }), this.thinkingText]);
  private readonly markdown = h('div', { className: 'markdown' });
  private readonly interruptedLabel = h(
    'div',
    { className: 'interrupted-label', hidden: true, attributes: { title: 'The connection failed while this reply was streaming. It was discarded (the model does not see it) and the request was sent again.' } },
    [codicon('debug-disconnect'), h('span', { text: INTERRUPTED_REPLY_LABEL })],
  );
  private text = '';
  private thinkingSource = '';
  private renderedText: string | undefined;
  private renderedThinking: string | undefined;

  constructor(item: ChatItemOf<'assistant'>) {
    this.element = itemElement(item);
    this.element.append(this.interruptedLabel, this.thinking, this.markdown);
    this.update(item);
  }

  /** The reply's markdown source as it stands. */
  get replyText(): string {
    return this.text;
  }

  /** The thinking as it stands. */
  get replyThinking(): string {
    return this.thinkingSource;
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'assistant') return false;
    this.text = item.text;
    this.thinkingSource = item.thinking;
    const interrupted = item.interrupted === true;
    this.element.classList.toggle('interrupted', interrupted);
    this.interruptedLabel.hidden = !interrupted;
    this.render();
    return true;
  }

  /**
   * While text streams in, the reply is re-rendered every frame; `aria-busy` keeps screen readers from reading the
   * live region's changes until the reply is complete.
   */
  setStreaming(streaming: boolean): void {
    if (streaming) this.element.setAttribute('aria-busy', 'true');
    else this.element.removeAttribute('aria-busy');
  }

  appendText(delta: string): void {
    this.text += delta;
  }

  appendThinking(delta: string): void {
    this.thinkingSource += delta;
  }

  /** Brings the DOM up to date with the text; cheap when nothing changed. */
  render(): void {
    if (this.thinkingSource !== this.renderedThinking) {
      this.renderedThinking = this.thinkingSource;
      this.thinkingText.textContent = this.thinkingSource;
      this.thinking.hidden = this.thinkingSource === '';
    }
    if (this.text !== this.renderedText) {
      this.renderedText = this.text;
      this.markdown.replaceChildren(renderMarkdown(this.text));
    }
  }
}

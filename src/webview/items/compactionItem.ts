import type { ChatItem, ChatItemOf } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { compactionTitle } from '../format';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { itemElement, type ItemView } from './itemView';

const shortenedExplanation =
  'The model now sees shortened copies of older tool results and can run the tools again when it needs them; the full results stay in their cards above.';
const historyKept = 'The full history was kept; older tool results were shortened instead.';

const stateIcons: Readonly<Record<ChatItemOf<'compaction'>['state'], string>> = {
  running: 'loading codicon-modifier-spin',
  done: 'fold',
  failed: 'warning',
};

/**
 * A full-width marker where the model-facing history was compacted; the items above it stay as they were. Once done
 * it expands: to the summary (untrusted Markdown, rendered and sanitised like a reply) and the archived transcript's
 * path, or to a line on what shortening tool results means.
 */
export class CompactionItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly icon = codicon('fold');
  private readonly title = h('span', { className: 'compaction-title' });
  private readonly chevron = codicon('chevron-right', 'compaction-chevron');
  private readonly heading = h('div', { className: 'compaction-heading' });
  /** Kept across updates, so that an open marker stays open. */
  private readonly details = h('details', { className: 'compaction-details' });
  private readonly summary = h('summary', { className: 'compaction-heading' });
  private readonly body = h('div', { className: 'compaction-body' });
  private readonly markdown = h('div', { className: 'markdown compaction-markdown' });
  private renderedSummary: string | undefined;

  constructor(item: ChatItemOf<'compaction'>) {
    this.element = itemElement(item);
    this.details.append(this.summary, this.body);
    this.update(item);
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'compaction') return false;
    this.element.dataset.layer = String(item.layer);
    this.element.dataset.state = item.state;
    // A running marker is replaced shortly: screen readers wait for the outcome rather than read the interim text.
    if (item.state === 'running') this.element.setAttribute('aria-busy', 'true');
    else this.element.removeAttribute('aria-busy');
    this.icon.className = `codicon codicon-${stateIcons[item.state]} compaction-icon`;
    this.title.textContent = compactionTitle(item);
    if (item.state === 'done') {
      this.summary.replaceChildren(this.icon, this.title, this.chevron);
      this.body.replaceChildren(...this.bodyContent(item));
      this.element.replaceChildren(this.details);
      return true;
    }
    this.heading.replaceChildren(this.icon, this.title);
    const note = item.state === 'failed' && item.layer === 2 ? [h('div', { className: 'compaction-note', text: historyKept })] : [];
    this.element.replaceChildren(this.heading, ...note);
    return true;
  }

  private bodyContent(item: ChatItemOf<'compaction'>): Node[] {
    if (item.layer === 1) return [h('p', { className: 'compaction-explanation', text: shortenedExplanation })];
    const summary = item.summary ?? '';
    if (summary !== this.renderedSummary) {
      this.renderedSummary = summary;
      this.markdown.replaceChildren(renderMarkdown(summary));
    }
    const content: Node[] = [this.markdown];
    if (item.archive !== undefined && item.archive !== '') {
      content.push(h('p', { className: 'compaction-archive' }, [
        'Full transcript: ',
        h('span', { className: 'compaction-archive-path', text: item.archive }),
      ]));
    }
    return content;
  }
}

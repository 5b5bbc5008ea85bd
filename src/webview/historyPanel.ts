import type { ConversationListEntry } from '../protocol/chatItems';
import { codicon, h, iconButton } from './dom';
import { relativeTime } from './format';
import { ModalPanel } from './modalPanel';
import type { ExtensionLink } from './vscodeApi';

/** Earlier conversations, over the chat: open or delete one; Escape or the close button returns to the chat. */
export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly list = h('ul', { id: 'history-list', className: 'history-list' });
  private readonly filter = h('input', {
    id: 'history-filter',
    attributes: { type: 'search', placeholder: 'Filter by title', 'aria-label': 'Filter conversations by title' },
  });
  private conversations: readonly ConversationListEntry[] = [];
  private currentId: string | undefined;
  private readonly modal: ModalPanel;

  constructor(
    private readonly extension: ExtensionLink,
    /** The rest of the page, made inert while the panel is open. */
    behind: HTMLElement,
    fallbackFocus: () => void,
  ) {
    const close = iconButton({ id: 'history-close', icon: 'close', label: 'Close history', onClick: () => this.hide() });
    this.element = h('section', {
      id: 'history',
      className: 'history',
      hidden: true,
      attributes: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'history-title' },
    }, [
      h('div', { className: 'history-header' }, [h('h2', { id: 'history-title', text: 'Chat History' }), close]),
      this.filter,
      this.list,
    ]);
    this.filter.addEventListener('input', () => this.renderList());
    this.modal = new ModalPanel(this.element, behind, fallbackFocus, () => (this.filter.value = ''));
  }

  /** The conversation on screen, marked in the list. */
  setCurrent(id: string): void {
    this.currentId = id;
  }

  show(conversations: readonly ConversationListEntry[]): void {
    this.conversations = [...conversations].sort((a, b) => b.updatedAt - a.updatedAt);
    const opened = this.modal.open();
    this.renderList();
    if (opened) this.filter.focus();
  }

  hide(): void {
    this.modal.hide();
  }

  private renderList(): void {
    // A re-render (after a delete) must not drop the keyboard focus to the page.
    const focused = document.activeElement;
    const entries = [...this.list.querySelectorAll('.history-entry')];
    const focusedIndex = entries.findIndex((entry) => entry.contains(focused));
    const focusedClass = focused?.classList.contains('history-delete') === true ? '.history-delete' : '.history-open';
    this.renderEntries();
    if (focusedIndex < 0) return;
    const next = [...this.list.querySelectorAll<HTMLElement>(focusedClass)];
    (next[Math.min(focusedIndex, next.length - 1)] ?? this.filter).focus();
  }

  private renderEntries(): void {
    const query = this.filter.value.trim().toLowerCase();
    const shown = this.conversations.filter((conversation) => conversation.title.toLowerCase().includes(query));
    if (shown.length === 0) {
      const text = this.conversations.length === 0 ? 'No saved conversations yet.' : 'No conversation title matches the filter.';
      this.list.replaceChildren(h('li', { className: 'history-empty', text }));
      return;
    }
    const now = Date.now();
    this.list.replaceChildren(...shown.map((conversation) => this.entry(conversation, now)));
  }

  private entry(conversation: ConversationListEntry, now: number): HTMLElement {
    const title = conversation.title.trim() === '' ? 'Untitled' : conversation.title;
    const date = new Date(conversation.updatedAt);
    const open = h('button', { className: 'history-open', attributes: { type: 'button', title: `${title}\n${date.toLocaleString()}` } }, [
      codicon('comment-discussion'),
      h('span', { className: 'history-title', text: title }),
      h('time', { className: 'history-date', text: relativeTime(conversation.updatedAt, now), attributes: { datetime: date.toISOString() } }),
    ]);
    const remove = iconButton({ className: 'icon-button history-delete', icon: 'trash', label: `Delete “${title}”` });
    open.addEventListener('click', () => {
      this.extension.post({ type: 'openConversation', id: conversation.id });
      this.hide();
    });
    remove.addEventListener('click', () => this.extension.post({ type: 'deleteConversation', id: conversation.id }));
    const current = conversation.id === this.currentId;
    const entry = h('li', { className: current ? 'history-entry current' : 'history-entry', attributes: { 'data-conversation-id': conversation.id } }, [open, remove]);
    if (current) open.setAttribute('aria-current', 'true');
    return entry;
  }
}

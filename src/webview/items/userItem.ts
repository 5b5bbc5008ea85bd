import type { ChatItem, ChatItemOf } from '../../protocol/chatItems';
import { renderChips } from '../attachmentChips';
import { h, iconButton } from '../dom';
import type { ExtensionLink } from '../vscodeApi';
import { itemElement, type ItemView } from './itemView';

/** What the user sent, as plain text, with the context that went with it; "Restore checkpoint" when files changed after it. */
export class UserItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly text = h('div', { className: 'user-text' });
  private readonly chips = h('div', { className: 'chips' });
  private readonly actions: HTMLDivElement;

  constructor(item: ChatItemOf<'user'>, extension: ExtensionLink) {
    this.element = itemElement(item);
    const restore = iconButton({
      className: 'restore-checkpoint',
      icon: 'discard',
      label: 'Restore checkpoint',
      text: 'Restore checkpoint',
      onClick: () => extension.post({ type: 'restoreCheckpoint', itemId: item.id }),
    });
    restore.title = 'Roll back the files Elbow changed after this message';
    this.actions = h('div', { className: 'user-actions', hidden: true }, [restore]);
    this.element.append(this.text, this.chips, this.actions);
    this.update(item);
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'user') return false;
    this.text.textContent = item.text;
    renderChips(this.chips, item.attachments);
    this.chips.hidden = item.attachments.length === 0;
    return true;
  }

  /** Whether the agent changed files after this message, so that they can be rolled back to before. */
  setCheckpoint(available: boolean): void {
    this.actions.hidden = !available;
  }
}

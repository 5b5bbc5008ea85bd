import type { Attachment } from '../protocol/chatItems';
import { codicon, h } from './dom';
import { attachmentLabel } from './format';

/** One chip per attachment; with `onRemove`, each gets a remove button. */
export function renderChips(container: HTMLElement, attachments: readonly Attachment[], onRemove?: (attachment: Attachment) => void): void {
  container.replaceChildren(...attachments.map((attachment) => chip(attachment, onRemove)));
}

function chip(attachment: Attachment, onRemove?: (attachment: Attachment) => void): HTMLElement {
  const label = attachmentLabel(attachment);
  const element = h('span', { className: `chip chip-${attachment.kind}`, attributes: { 'data-attachment-id': attachment.id, title: label } }, [
    codicon(attachment.kind === 'selection' ? 'selection' : 'file'),
    h('span', { className: 'chip-label', text: label }),
  ]);
  if (onRemove !== undefined) {
    const remove = h('button', {
      className: 'chip-remove',
      attributes: { type: 'button', title: `Remove ${label}`, 'aria-label': `Remove ${label}` },
    }, [codicon('close')]);
    remove.addEventListener('click', () => onRemove(attachment));
    element.append(remove);
  }
  return element;
}

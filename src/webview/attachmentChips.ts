import type { Attachment } from '../protocol/chatItems';
import { formatTokenCount } from '../format/tokenCount';
import { codicon, h } from './dom';
import { attachmentLabel } from './format';

const icons: Record<Attachment['kind'], string> = {
  file: 'file',
  selection: 'selection',
  folder: 'folder',
  problems: 'warning',
  terminal: 'terminal',
  gitChanges: 'git-compare',
  image: 'file-media',
  mcpResource: 'mcp',
};

/** One chip per attachment; with `onRemove`, each gets a remove button. */
export function renderChips(container: HTMLElement, attachments: readonly Attachment[], onRemove?: (attachment: Attachment) => void): void {
  container.replaceChildren(...attachments.map((attachment) => chip(attachment, onRemove)));
}

/** What the chip says: the name, a count where there is one, and the size the model receives (`Problems · 12 · 340 tokens`). */
export function chipText(attachment: Attachment): string {
  if (attachment.problem !== undefined) return attachment.problem;
  const parts = [attachmentLabel(attachment)];
  if (attachment.detail !== undefined) parts.push(attachment.detail);
  if (attachment.tokens !== undefined) parts.push(`${formatTokenCount(attachment.tokens)} tokens`);
  return parts.join(' · ');
}

function chip(attachment: Attachment, onRemove?: (attachment: Attachment) => void): HTMLElement {
  const label = attachmentLabel(attachment);
  const text = chipText(attachment);
  const problem = attachment.problem !== undefined;
  const element = h('span', {
    className: `chip chip-${attachment.kind}${problem ? ' chip-problem' : ''}`,
    attributes: { 'data-attachment-id': attachment.id, title: problem ? `Not attached: ${text}` : text },
  }, [
    chipIcon(attachment),
    h('span', { className: 'chip-label', text }),
  ]);
  if (problem) element.setAttribute('role', 'alert');
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

/** An image shows its thumbnail; a chip that cannot be sent shows why with an error icon. */
function chipIcon(attachment: Attachment): HTMLElement {
  if (attachment.problem !== undefined) return codicon('error');
  if (attachment.thumbnail !== undefined) return h('img', { className: 'chip-thumbnail', attributes: { src: attachment.thumbnail, alt: '' } });
  return codicon(icons[attachment.kind]);
}

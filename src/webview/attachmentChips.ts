import { formatTokenCount } from '../format/tokenCount';
import type { Attachment } from '../protocol/chatItems';
import { codicon, h } from './dom';
import { attachmentLabel } from './format';

const icons: Record<Attachment['kind'], string> = {
  file: 'file',
  selection: 'selection',
  folder: 'folder',
  problems: 'warning',
  terminal: 'terminal',
  gitChanges: 'git-compare',
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
    codicon(problem ? 'error' : icons[attachment.kind]),
    h('span', { className: 'chip-label', text }),
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

import type { Attachment } from '../protocol/chatItems';
import { formatTokenCount } from '../format/tokenCount';
import { codicon, h } from './dom';
import { attachmentLabel } from './format';

/** One chip per attachment; with `onRemove`, each gets a remove button. */
export function renderChips(container: HTMLElement, attachments: readonly Attachment[], onRemove?: (attachment: Attachment) => void): void {
  container.replaceChildren(...attachments.map((attachment) => chip(attachment, onRemove)));
}

function chip(attachment: Attachment, onRemove?: (attachment: Attachment) => void): HTMLElement {
  const label = attachmentLabel(attachment);
  const problem = attachment.problem;
  const title = problem ?? (attachment.tokens === undefined ? label : `${label} (${tokensText(attachment.tokens)})`);
  const element = h('span', { className: `chip chip-${attachment.kind}${problem === undefined ? '' : ' chip-problem'}`, attributes: { 'data-attachment-id': attachment.id, title } }, [
    ...chipIcon(attachment),
    h('span', { className: 'chip-label', text: problem ?? label }),
    ...(attachment.tokens === undefined || problem !== undefined ? [] : [h('span', { className: 'chip-tokens', text: tokensText(attachment.tokens) })]),
  ]);
  if (problem !== undefined) element.setAttribute('role', 'alert');
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

function chipIcon(attachment: Attachment): HTMLElement[] {
  if (attachment.problem !== undefined) return [codicon('warning')];
  if (attachment.thumbnail !== undefined) return [h('img', { className: 'chip-thumbnail', attributes: { src: attachment.thumbnail, alt: '' } })];
  return [codicon(attachment.kind === 'selection' ? 'selection' : attachment.kind === 'image' ? 'file-media' : 'file')];
}

function tokensText(tokens: number): string {
  return `${formatTokenCount(tokens)} tokens`;
}

import type { ChatItem, ChatItemOf, ToolStatus } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { itemElement, type ItemView } from './itemView';

const toolIcons: Readonly<Record<string, string>> = {
  read_file: 'file',
  list_files: 'list-tree',
  search: 'search',
  edit_file: 'edit',
  write_file: 'new-file',
};

const statusIcons: Readonly<Record<ToolStatus, { icon: string; label: string }>> = {
  running: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  done: { icon: 'check', label: 'Done' },
  error: { icon: 'error', label: 'Failed' },
};

export function toolIcon(name: string): string {
  return toolIcons[name] ?? 'tools';
}

/** Arguments as indented JSON when they parse, as sent otherwise. */
export function prettyArguments(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/** A compact card for one tool call; expands to its arguments and result (plain text: file contents are untrusted). */
export class ToolItemView implements ItemView {
  readonly element: HTMLDivElement;
  private readonly card = h('details', { className: 'tool-card' });
  private readonly icon = codicon('tools', 'tool-icon');
  private readonly title = h('span', { className: 'tool-title' });
  private readonly status = h('span', { className: 'tool-status', attributes: { role: 'img' } });
  private readonly argumentsText = h('pre', { className: 'tool-arguments' });
  private readonly resultLabel = h('div', { className: 'tool-section-label', text: 'Result' });
  private readonly resultText = h('pre', { className: 'tool-result' });

  constructor(item: ChatItemOf<'tool'>) {
    this.element = itemElement(item);
    this.card.append(
      h('summary', { className: 'tool-summary' }, [this.icon, this.title, this.status]),
      h('div', { className: 'tool-body' }, [
        h('div', { className: 'tool-section-label', text: 'Arguments' }),
        this.argumentsText,
        this.resultLabel,
        this.resultText,
      ]),
    );
    this.element.append(this.card);
    this.update(item);
  }

  update(item: ChatItem): boolean {
    if (item.kind !== 'tool') return false;
    this.card.dataset.status = item.status;
    this.card.dataset.tool = item.name;
    this.icon.className = `codicon codicon-${toolIcon(item.name)} tool-icon`;
    this.title.textContent = item.title;
    this.title.title = item.title;
    const status = statusIcons[item.status];
    this.status.className = `tool-status codicon codicon-${status.icon}`;
    this.status.setAttribute('aria-label', status.label);
    this.status.title = status.label;
    this.argumentsText.textContent = prettyArguments(item.arguments);
    const hasResult = item.result !== '';
    this.resultLabel.hidden = !hasResult;
    this.resultText.hidden = !hasResult;
    this.resultText.textContent = item.result;
    return true;
  }
}

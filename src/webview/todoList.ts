import type { TodoItem } from '../protocol/todoItems';
import { codicon, h } from './dom';
import { makeFoldable } from './foldablePanel';

const statusViews: Readonly<Record<TodoItem['status'], { icon: string; label: string }>> = {
  pending: { icon: 'circle-large-outline', label: 'Pending' },
  in_progress: { icon: 'arrow-circle-right', label: 'In progress' },
  done: { icon: 'pass-filled', label: 'Done' },
};

/** The model's task list, pinned above the input: a count, the step in progress, and the steps; hidden when there is none. */
export class TodoList {
  readonly element: HTMLElement;
  private readonly items = h('ol', { id: 'todo-items', className: 'todo-items', attributes: { 'aria-label': 'Steps' } });
  private readonly count = h('span', { className: 'todo-count' });
  private readonly current = h('span', { className: 'todo-current' });
  private readonly toggle = h('button', {
    className: 'todo-toggle',
    attributes: { type: 'button', 'aria-expanded': 'true', 'aria-controls': 'todo-items' },
  }, [codicon('chevron-down', 'todo-chevron'), codicon('checklist'), h('span', { className: 'todo-title', text: 'Tasks' }), this.count, this.current]);

  constructor() {
    this.element = h('section', { id: 'todo-list', className: 'todo-list', hidden: true, attributes: { 'aria-label': 'Task list' } }, [this.toggle, this.items]);
    makeFoldable({ panel: this.element, toggle: this.toggle, body: this.items }, { hide: 'Hide the steps', show: 'Show the steps' });
  }

  show(items: readonly TodoItem[]): void {
    const done = items.filter((item) => item.status === 'done').length;
    this.count.textContent = `${done}/${items.length}`;
    this.count.setAttribute('aria-label', `${done} of ${items.length} done`);
    const inProgress = items.find((item) => item.status === 'in_progress');
    this.current.textContent = inProgress?.text ?? '';
    this.current.title = inProgress?.text ?? '';
    this.items.replaceChildren(...items.map((item) => itemRow(item)));
    this.element.hidden = items.length === 0;
  }
}

function itemRow(item: TodoItem): HTMLElement {
  const view = statusViews[item.status];
  return h('li', { className: 'todo-item', attributes: { 'data-status': item.status } }, [
    codicon(view.icon, 'todo-status-icon'),
    h('span', { className: 'visually-hidden', text: `${view.label}: ` }),
    h('span', { className: 'todo-text', text: item.text }),
  ]);
}

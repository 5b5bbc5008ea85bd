import type { TodoItem } from '../protocol/todoItems';
import { codicon, h } from './dom';
import { makeFoldable, type Foldable } from './foldablePanel';

const statusViews: Readonly<Record<TodoItem['status'], { icon: string; label: string }>> = {
  pending: { icon: 'circle-large-outline', label: 'Pending' },
  in_progress: { icon: 'arrow-circle-right', label: 'In progress' },
  done: { icon: 'pass-filled', label: 'Done' },
};

/** Open, the list may take at most this share of the view's height; taller, it starts folded. */
const maxShareOfView = 0.2;

/**
 * The model's task list, pinned above the input: a count, the step in progress, and the steps; hidden when there is none.
 * It folds to one line by itself while a question waits (the question must stay in view) or when open it would take more
 * than a fifth of the view. The user's own fold or unfold holds, except that a new question folds an unfolded list again.
 */
export class TodoList {
  readonly element: HTMLElement;
  private readonly items = h('ol', { id: 'todo-items', className: 'todo-items', attributes: { 'aria-label': 'Steps' } });
  private readonly count = h('span', { className: 'todo-count' });
  private readonly current = h('span', { className: 'todo-current' });
  private readonly toggle = h('button', {
    className: 'todo-toggle',
    attributes: { type: 'button', 'aria-expanded': 'true', 'aria-controls': 'todo-items' },
  }, [codicon('chevron-down', 'todo-chevron'), codicon('checklist'), h('span', { className: 'todo-title', text: 'Tasks' }), this.count, this.current]);
  private readonly fold: Foldable;
  /** What the user chose with the toggle; `undefined`: the list folds by the rules above. */
  private expandedByUser: boolean | undefined;
  private questionWaiting = false;

  constructor() {
    this.element = h('section', { id: 'todo-list', className: 'todo-list', hidden: true, attributes: { 'aria-label': 'Task list' } }, [this.toggle, this.items]);
    this.fold = makeFoldable({ panel: this.element, toggle: this.toggle, body: this.items }, { hide: 'Hide the steps', show: 'Show the steps' }, (expanded) => {
      this.expandedByUser = expanded;
    });
    window.addEventListener('resize', () => this.applyFolding());
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
    this.applyFolding();
  }

  /** Whether a question waits for the user; `arrived`: a new one just came. */
  setQuestionWaiting(waiting: boolean, arrived = false): void {
    if (waiting === this.questionWaiting && !arrived) return;
    if (arrived && this.expandedByUser === true) this.expandedByUser = undefined;
    this.questionWaiting = waiting;
    this.applyFolding();
  }

  private applyFolding(): void {
    if (this.element.hidden) return;
    this.fold.setExpanded(this.expandedByUser ?? (!this.questionWaiting && !this.tooTallOpen()));
  }

  /** Measured open, in the same task as the final fold, so nothing is painted in between. */
  private tooTallOpen(): boolean {
    const viewHeight = window.innerHeight;
    if (viewHeight === 0) return false;
    this.fold.setExpanded(true);
    return this.element.getBoundingClientRect().height > viewHeight * maxShareOfView;
  }
}

function itemRow(item: TodoItem): HTMLElement {
  const view = statusViews[item.status];
  // A step shows at most two lines; the whole text is in its tooltip and read by screen readers.
  return h('li', { className: 'todo-item', attributes: { 'data-status': item.status, title: item.text } }, [
    codicon(view.icon, 'todo-status-icon'),
    h('span', { className: 'visually-hidden', text: `${view.label}: ` }),
    h('span', { className: 'todo-text', text: item.text }),
  ]);
}

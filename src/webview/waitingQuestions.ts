import type { ChatItem } from '../protocol/chatItems';

/** Whether the item is a tool card whose question (a permission, or an edit to approve) waits for the user. */
function asks(item: ChatItem): boolean {
  return item.kind === 'tool' && (item.approval?.state === 'pending' || item.proposal?.state === 'pending');
}

/** The conversation's tool cards that wait for an answer, in the order their questions came. */
export class WaitingQuestions {
  private readonly waiting = new Set<string>();

  get any(): boolean {
    return this.waiting.size > 0;
  }

  /** The question that came last, which the chat shows. */
  get latest(): string | undefined {
    return [...this.waiting].at(-1);
  }

  /** A conversation opened: its items replace what was known. */
  reset(items: readonly ChatItem[]): void {
    this.waiting.clear();
    for (const item of items) if (asks(item)) this.waiting.add(item.id);
  }

  /** An item was added or changed; whether its question just arrived. */
  seen(item: ChatItem): boolean {
    const was = this.waiting.has(item.id);
    if (!asks(item)) {
      this.waiting.delete(item.id);
      return false;
    }
    this.waiting.add(item.id);
    return !was;
  }
}

/** The buttons of the item's waiting question, if it is on screen. */
export function questionActions(container: HTMLElement, itemId: string): HTMLElement | undefined {
  const item = container.querySelector(`[data-item-id="${CSS.escape(itemId)}"]`);
  const actions = item?.querySelector<HTMLElement>('.approval:not([hidden]) .approval-actions:not([hidden]), .proposal:not([hidden]) .proposal-actions:not([hidden])');
  return actions ?? undefined;
}

/** The question's safe default (its first primary button), or its first button. */
export function defaultButton(actions: HTMLElement): HTMLButtonElement | undefined {
  const buttons = [...actions.querySelectorAll<HTMLButtonElement>('button')].filter((button) => !button.hidden && !button.disabled);
  return buttons.find((button) => button.classList.contains('primary-button')) ?? buttons[0];
}

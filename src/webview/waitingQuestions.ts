import type { ChatItem } from '../protocol/chatItems';

/** Whether the item is a running tool whose question (a permission, an edit to approve, or an MCP server's question) waits for the user; an ended tool's waits for nothing. */
function asks(item: ChatItem): boolean {
  return item.kind === 'tool' && item.status === 'running' && (item.approval?.state === 'pending' || item.proposal?.state === 'pending' || item.elicitation?.state === 'pending');
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

/**
 * The item's waiting question as a whole (a focusable group named after it), if it is on screen. The keyboard lands
 * here, not on a button: Enter or Space on it answers nothing, and Tab goes on to the choices.
 */
export function questionRegion(container: HTMLElement, itemId: string): HTMLElement | undefined {
  const item = container.querySelector(`[data-item-id="${CSS.escape(itemId)}"]`);
  const actions = item?.querySelector<HTMLElement>('.approval:not([hidden]) .approval-actions:not([hidden]), .proposal:not([hidden]) .proposal-actions:not([hidden]), .elicitation:not([hidden]) .elicitation-actions:not([hidden])');
  const region = actions?.closest<HTMLElement>('.approval, .proposal, .elicitation');
  return region ?? undefined;
}

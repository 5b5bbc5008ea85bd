/**
 * What the panels over the chat (history, MCP servers) share: while open the page behind is
 * inert, Escape closes, and closing gives the focus back to where it was (or to a fallback).
 */
export class ModalPanel {
  private returnFocus: HTMLElement | undefined;

  constructor(
    private readonly element: HTMLElement,
    /** The rest of the page, made inert while the panel is open. */
    private readonly behind: HTMLElement,
    private readonly fallbackFocus: () => void,
    /** Runs as the panel closes, before the focus goes back. */
    private readonly onHide: () => void = () => undefined,
  ) {
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !this.isOpen) return;
      event.preventDefault();
      event.stopPropagation();
      this.hide();
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows the panel; `false` when it was open already (the caller then leaves the focus alone). */
  open(): boolean {
    if (this.isOpen) return false;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body) this.returnFocus = focused;
    this.element.hidden = false;
    this.behind.inert = true;
    return true;
  }

  hide(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.behind.inert = false;
    this.onHide();
    const target = this.returnFocus;
    this.returnFocus = undefined;
    if (target?.isConnected === true && !target.hidden) target.focus();
    else this.fallbackFocus();
  }
}

import type { ContextGauge, UsageSummary } from '../protocol/chatItems';
import { ContextMeter } from './contextMeter';
import { h, iconButton } from './dom';
import { usageText, usageTooltip } from './format';
import type { ExtensionLink } from './vscodeApi';

/**
 * The slim row under the header: the context meter, token usage and cost, and Compact now.
 * Hidden until there is a gauge or some usage to show, as in a fresh conversation.
 */
export class ContextBar {
  private readonly meter = new ContextMeter();
  private readonly usage = h('span', { id: 'usage', className: 'usage', hidden: true });
  private readonly compactNow: HTMLButtonElement;
  readonly element: HTMLElement;

  /** `onFocusLost` takes the keyboard when Compact now goes away or is disabled while focused. */
  constructor(extension: ExtensionLink, private readonly onFocusLost: () => void) {
    this.compactNow = iconButton({
      id: 'compact-now',
      icon: 'fold',
      label: 'Compact conversation: summarise earlier messages to free context',
      onClick: () => extension.post({ type: 'compact' }),
    });
    this.element = h('div', { id: 'context-bar', className: 'context-bar', hidden: true }, [this.meter.element, this.usage, this.compactNow]);
  }

  /** Whether Compact now may be pressed: not while a request runs, nor with nothing to compact. */
  setCanCompact(enabled: boolean): void {
    // Pressing Compact now starts a request, which disables the button: the keyboard moves on.
    this.keepingFocus(() => {
      this.compactNow.disabled = !enabled;
    });
  }

  setContext(context: ContextGauge | null): void {
    this.keepingFocus(() => {
      this.meter.set(context);
      this.refresh();
    });
  }

  setUsage(usage: UsageSummary, cost: number | null): void {
    const text = usageText(usage, cost);
    const tooltip = usageTooltip(usage, cost);
    this.usage.textContent = text;
    this.usage.title = tooltip;
    this.usage.setAttribute('aria-label', `Tokens used: ${tooltip.replace(/\n/g, ', ')}`);
    this.keepingFocus(() => {
      this.usage.hidden = text === '';
      this.refresh();
    });
  }

  private refresh(): void {
    this.element.hidden = !this.meter.visible && this.usage.hidden;
  }

  /** Runs a change that may hide or disable Compact now, and hands the keyboard on if it had it. */
  private keepingFocus(change: () => void): void {
    const hadFocus = document.activeElement === this.compactNow;
    change();
    if (hadFocus && (this.compactNow.disabled || this.element.hidden)) this.onFocusLost();
  }
}

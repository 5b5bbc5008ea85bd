import type { ContextGauge } from '../protocol/chatItems';
import { h } from './dom';
import { contextLabel, contextLevel, contextPercent, contextText, contextTooltip } from './format';

/** `42k / 200k` over a thin bar: how full the model's context window is. Hidden until the first request. */
export class ContextMeter {
  private readonly text = h('span', { className: 'context-meter-text' });
  private readonly fill = h('span', { className: 'context-meter-fill' });
  readonly element = h('div', {
    id: 'context-meter',
    className: 'context-meter',
    hidden: true,
    attributes: { role: 'meter', 'aria-valuemin': '0' },
  }, [this.text, h('span', { className: 'context-meter-bar', attributes: { 'aria-hidden': 'true' } }, [this.fill])]);

  get visible(): boolean {
    return !this.element.hidden;
  }

  set(context: ContextGauge | null): void {
    // Without a window size there is nothing to measure against.
    if (context === null || context.windowTokens <= 0) {
      this.element.hidden = true;
      return;
    }
    const percent = contextPercent(context);
    const label = contextLabel(context);
    this.element.hidden = false;
    this.element.classList.remove('context-meter-warning', 'context-meter-critical');
    const level = contextLevel(context);
    if (level !== 'normal') this.element.classList.add(`context-meter-${level}`);
    this.element.setAttribute('aria-valuemax', String(context.windowTokens));
    // An estimate may overshoot the window; the meter's value must stay within its range.
    this.element.setAttribute('aria-valuenow', String(Math.min(Math.max(context.usedTokens, 0), context.windowTokens)));
    this.element.setAttribute('aria-valuetext', `${percent}%`);
    this.element.setAttribute('aria-label', label);
    this.element.title = contextTooltip(context);
    this.text.textContent = contextText(context);
    // Through the CSSOM, which the page's CSP allows (it refuses only inline style attributes in markup).
    this.fill.style.width = `${Math.min(percent, 100)}%`;
  }
}

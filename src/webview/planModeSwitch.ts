import { codicon, h } from './dom';
import type { ExtensionLink } from './vscodeApi';

const label = 'Plan mode';
const description = 'the agent reads, searches and plans, and changes nothing';

/**
 * The header switch between plan mode and act mode. The state is the extension's: a click asks for
 * the change, and only a `planMode` message shows it. While on, it shows its name beside the icon.
 */
export class PlanModeSwitch {
  private readonly text = h('span', { className: 'plan-mode-text', text: 'Plan', hidden: true });
  readonly toggle = h('button', {
    id: 'plan-mode',
    className: 'icon-button plan-mode-toggle',
    attributes: { type: 'button', role: 'switch', 'aria-checked': 'false', 'aria-label': label, title: `${label}: off` },
  }, [codicon('checklist'), this.text]);
  private enabled = false;

  constructor(extension: ExtensionLink) {
    this.toggle.addEventListener('click', () => extension.post({ type: 'setPlanMode', enabled: !this.enabled }));
  }

  set(enabled: boolean): void {
    this.enabled = enabled;
    this.toggle.setAttribute('aria-checked', String(enabled));
    this.toggle.title = enabled ? `${label}: on (${description}). Click for act mode.` : `${label}: off. Click to plan first: ${description}.`;
    this.text.hidden = !enabled;
  }
}

import { codicon, h } from './dom';
import type { ExtensionLink } from './vscodeApi';

const label = 'Auto-approve commands';
const warning = 'Auto-approve is on: commands run without asking (deny rules still apply).';

/**
 * The header switch that lets commands run without asking, and the warning banner shown while it is on.
 * The state is the extension's: a click asks for the change, and only an `autoApprove` message shows it.
 */
export class AutoApproveSwitch {
  readonly toggle = h('button', {
    id: 'auto-approve',
    className: 'icon-button auto-approve-toggle',
    attributes: { type: 'button', role: 'switch', 'aria-checked': 'false', 'aria-label': label, title: `${label}: off` },
  }, [codicon('zap')]);
  private readonly turnOff = h('button', {
    className: 'auto-approve-off secondary-button',
    attributes: { type: 'button', title: 'Ask again before running commands' },
  }, [h('span', { className: 'button-text', text: 'Turn off' })]);
  private readonly warning = h('span', { className: 'auto-approve-banner-text' });
  readonly banner = h('div', { id: 'auto-approve-banner', hidden: true, attributes: { role: 'status' } }, [
    codicon('warning', 'auto-approve-banner-icon'),
    this.warning,
    this.turnOff,
  ]);
  private enabled = false;

  constructor(extension: ExtensionLink) {
    this.toggle.addEventListener('click', () => extension.post({ type: 'setAutoApprove', enabled: !this.enabled }));
    this.turnOff.addEventListener('click', () => extension.post({ type: 'setAutoApprove', enabled: false }));
  }

  set(enabled: boolean): void {
    this.enabled = enabled;
    this.toggle.setAttribute('aria-checked', String(enabled));
    this.toggle.title = `${label}: ${enabled ? 'on' : 'off'}`;
    // The Turn off button goes away with the banner: the keyboard moves to the switch rather than to the page.
    const focusLost = !enabled && this.banner.contains(document.activeElement);
    this.banner.hidden = !enabled;
    // Set as it shows, so that the status region announces it.
    this.warning.textContent = enabled ? warning : '';
    if (focusLost) this.toggle.focus();
  }
}

import { codicon, h, iconButton } from './dom';
import type { ExtensionLink } from './vscodeApi';

/**
 * Says, once per conversation, that commands run without a sandbox on this machine and why. The extension decides
 * when it shows (`sandboxNotice`); closing it asks the extension not to show it again in this conversation.
 */
export class SandboxBanner {
  private readonly text = h('span', { className: 'sandbox-banner-text' });
  private readonly dismiss: HTMLButtonElement;
  readonly element: HTMLDivElement;

  /** `onClosed`: where the keyboard goes when the banner it was in goes away. */
  constructor(extension: ExtensionLink, private readonly onClosed: () => void) {
    this.dismiss = iconButton({
      className: 'icon-button sandbox-banner-dismiss',
      icon: 'close',
      label: 'Dismiss: do not say this again in this conversation',
      onClick: () => extension.post({ type: 'dismissSandboxNotice' }),
    });
    this.element = h('div', { id: 'sandbox-banner', hidden: true, attributes: { role: 'status' } }, [
      codicon('warning', 'sandbox-banner-icon'),
      this.text,
      this.dismiss,
    ]);
  }

  show(notice: { reason: string } | null): void {
    const focusLost = notice === null && this.element.contains(document.activeElement);
    this.element.hidden = notice === null;
    // Set as it shows, so that the status region announces it. The reason is the runner's own text.
    this.text.textContent = notice === null
      ? ''
      : `Commands run without a sandbox here: ${withoutFinalStop(notice.reason)}. Only read-only commands run without asking; the others ask first and run with your full rights.`;
    if (focusLost) this.onClosed();
  }
}

function withoutFinalStop(text: string): string {
  return text.trim().replace(/\.$/, '');
}

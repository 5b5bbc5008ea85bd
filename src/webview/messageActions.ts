import { codeOf } from './markdown/decorate';
import type { ExtensionLink } from './vscodeApi';

const maxHrefLength = 8_192;

/**
 * Clicks inside the conversation, handled once for all items: links never navigate the webview (the extension asks
 * before opening them), copy buttons copy their code block, Retry buttons ask for a retry.
 */
export function handleMessageActions(messages: HTMLElement, extension: ExtensionLink): void {
  messages.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    if (anchor !== null) {
      // VS Code's webview host opens any clicked link from a click listener on the window, whether or not the default
      // was prevented: the click must not reach it, or the link opens without the user's confirmation.
      event.preventDefault();
      event.stopPropagation();
      const href = anchor.getAttribute('href');
      if (href !== null && href !== '' && href.length <= maxHrefLength) extension.post({ type: 'openLink', href });
      return;
    }
    const copy = event.target.closest('.copy-button');
    if (copy !== null) {
      const text = codeOf(copy);
      if (text !== undefined) extension.post({ type: 'copy', text });
      showCopied(copy);
      return;
    }
    if (event.target.closest('.retry-button') !== null) extension.post({ type: 'retry' });
  });
  // Middle clicks and the like must not open anything either.
  messages.addEventListener('auxclick', (event) => {
    if (event.target instanceof Element && event.target.closest('a') !== null) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
}

function showCopied(button: Element): void {
  const icon = button.querySelector('.codicon');
  icon?.classList.replace('codicon-copy', 'codicon-check');
  button.setAttribute('aria-label', 'Copied');
  button.setAttribute('title', 'Copied');
  setTimeout(() => {
    icon?.classList.replace('codicon-check', 'codicon-copy');
    button.setAttribute('aria-label', 'Copy code');
    button.setAttribute('title', 'Copy code');
  }, 1500);
}

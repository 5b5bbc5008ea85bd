// Touches to sanitised markdown that need real elements (buttons are never let through the sanitiser).
import { codicon, h } from '../dom';

export function decorate(fragment: DocumentFragment): void {
  for (const pre of fragment.querySelectorAll('pre')) {
    pre.classList.add('code-block');
    const language = /\blanguage-(\S+)/.exec(pre.querySelector('code')?.className ?? '')?.[1];
    if (language !== undefined) pre.prepend(h('span', { className: 'code-language', text: language }));
    pre.append(h('button', {
      className: 'copy-button',
      attributes: { type: 'button', title: 'Copy code', 'aria-label': 'Copy code' },
    }, [codicon('copy')]));
  }
  // Wide tables scroll on their own instead of widening the whole view.
  for (const table of fragment.querySelectorAll('table')) {
    const wrapper = h('div', { className: 'table-wrapper' });
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
}

/** The text a copy button copies: its code block's code, without the decorations. */
export function codeOf(button: Element): string | undefined {
  return button.closest('pre')?.querySelector('code')?.textContent ?? undefined;
}

/// <reference lib="dom" />
/// <reference lib="dom.iterable" />

type Child = Node | string;

export interface ElementOptions {
  id?: string;
  className?: string;
  text?: string;
  /** Plain attributes. Never `style`: the page's CSP refuses inline styles. */
  attributes?: Record<string, string>;
  hidden?: boolean;
}

/** Creates an element; text always goes in as text, never as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, options: ElementOptions = {}, children: readonly Child[] = []): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.id !== undefined) element.id = options.id;
  if (options.className !== undefined) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  if (options.hidden === true) element.hidden = true;
  for (const [name, value] of Object.entries(options.attributes ?? {})) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** A codicon glyph; decorative, so hidden from screen readers. */
export function codicon(name: string, extraClass = ''): HTMLSpanElement {
  return h('span', { className: `codicon codicon-${name}${extraClass === '' ? '' : ` ${extraClass}`}`, attributes: { 'aria-hidden': 'true' } });
}

export interface IconButtonOptions {
  id?: string;
  className?: string;
  icon: string;
  /** Accessible name and tooltip. */
  label: string;
  /** Visible text next to the icon; without it the button shows only the icon. */
  text?: string;
  onClick?: (event: MouseEvent) => void;
}

export function iconButton(options: IconButtonOptions): HTMLButtonElement {
  const children: Child[] = [codicon(options.icon)];
  if (options.text !== undefined) children.push(h('span', { className: 'button-text', text: options.text }));
  const button = h('button', {
    id: options.id,
    className: options.className ?? 'icon-button',
    attributes: { type: 'button', title: options.label, 'aria-label': options.label },
  }, children);
  if (options.onClick !== undefined) button.addEventListener('click', options.onClick);
  return button;
}

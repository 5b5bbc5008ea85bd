import type { MentionCandidate, MentionKind } from '../protocol/mentions';
import { codicon, h } from './dom';

const icons: Record<MentionKind, string> = {
  file: 'file',
  folder: 'folder',
  selection: 'selection',
  problems: 'warning',
  terminal: 'terminal',
  gitChanges: 'git-compare',
  agent: 'hubot',
  mcpResource: 'mcp',
  mcpResourceTemplate: 'symbol-parameter',
};

export interface MentionPickerEvents {
  /** What was typed after `@` changed: ask the extension for rows. */
  search(query: string): void;
  choose(candidate: MentionCandidate): void;
}

/**
 * The list that opens when `@` is typed in the prompt: the extension's rows for the text after `@`, chosen with
 * Up/Down and Enter or Tab (or the mouse), closed with Escape. The prompt keeps the focus; the active row is its
 * `aria-activedescendant`.
 */
export class MentionPicker {
  readonly element = h('div', { id: 'mention-picker', className: 'mention-picker', hidden: true, attributes: { role: 'listbox', 'aria-label': 'Files, folders and context to mention' } });
  private query: string | undefined;
  private candidates: MentionCandidate[] = [];
  /** Rows for the current query have arrived. */
  private answered = false;
  private active = 0;

  constructor(private readonly prompt: HTMLTextAreaElement, private readonly events: MentionPickerEvents) {
    prompt.setAttribute('aria-autocomplete', 'list');
    prompt.setAttribute('aria-controls', this.element.id);
    prompt.setAttribute('aria-expanded', 'false');
    // Choosing with the mouse must not take the focus from the prompt.
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
  }

  get isOpen(): boolean {
    return this.query !== undefined;
  }

  /** Opens or follows the picker for `query` (the text between `@` and the caret); `undefined` closes it. */
  update(query: string | undefined): void {
    if (query === this.query) return;
    if (query === undefined) return this.close();
    this.query = query;
    this.answered = false;
    this.events.search(query);
  }

  show(query: string, candidates: readonly MentionCandidate[]): void {
    if (query !== this.query) return;
    this.answered = true;
    this.candidates = candidates.length > 0 || query.trim() === '' ? [...candidates] : [{ mention: { kind: 'file', path: query }, label: query, description: 'Not in the workspace list: Enter checks this path' }];
    this.active = 0;
    this.render();
  }

  close(): void {
    this.query = undefined;
    this.candidates = [];
    this.element.hidden = true;
    this.element.replaceChildren();
    this.prompt.setAttribute('aria-expanded', 'false');
    this.prompt.removeAttribute('aria-activedescendant');
  }

  /** Keys for the open picker; true when the key was the picker's. */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen || event.altKey || event.ctrlKey || event.metaKey) return false;
    switch (event.key) {
      case 'Escape':
        this.close();
        return true;
      case 'ArrowDown':
      case 'ArrowUp':
        if (this.candidates.length === 0) return false;
        this.active = (this.active + (event.key === 'ArrowDown' ? 1 : -1) + this.candidates.length) % this.candidates.length;
        this.markActive();
        return true;
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey) return false;
        const candidate = this.answered ? this.candidates[this.active] : undefined;
        if (candidate === undefined) return event.key === 'Enter' && this.answered === false;
        this.choose(candidate);
        return true;
      }
      default:
        return false;
    }
  }

  private choose(candidate: MentionCandidate): void {
    this.close();
    this.events.choose(candidate);
  }

  private render(): void {
    this.element.replaceChildren(...this.candidates.map((candidate, index) => this.row(candidate, index)));
    this.element.hidden = this.candidates.length === 0;
    this.prompt.setAttribute('aria-expanded', String(!this.element.hidden));
    this.markActive();
  }

  private row(candidate: MentionCandidate, index: number): HTMLElement {
    const row = h('div', { id: `mention-option-${index}`, className: 'mention-option', attributes: { role: 'option', 'aria-selected': 'false', title: candidate.description ?? candidate.label } }, [
      codicon(icons[candidate.mention.kind]),
      h('span', { className: 'mention-label' }, highlighted(candidate.label, candidate.matched ?? [])),
      ...(candidate.description === undefined ? [] : [h('span', { className: 'mention-description', text: candidate.description })]),
    ]);
    row.addEventListener('click', () => this.choose(candidate));
    return row;
  }

  private markActive(): void {
    const rows = [...this.element.children];
    rows.forEach((row, index) => row.setAttribute('aria-selected', String(index === this.active)));
    const active = rows[this.active];
    if (active === undefined) return this.prompt.removeAttribute('aria-activedescendant');
    this.prompt.setAttribute('aria-activedescendant', active.id);
    active.scrollIntoView({ block: 'nearest' });
  }
}

/** The label with the matched characters marked. */
function highlighted(label: string, matched: readonly number[]): (Node | string)[] {
  const marked = new Set(matched);
  const parts: (Node | string)[] = [];
  let plain = '';
  for (let index = 0; index < label.length; index++) {
    const character = label.charAt(index);
    if (!marked.has(index)) {
      plain += character;
      continue;
    }
    if (plain !== '') parts.push(plain);
    plain = '';
    parts.push(h('span', { className: 'mention-match', text: character }));
  }
  if (plain !== '') parts.push(plain);
  return parts;
}

/** The query when the caret is right after `@text` that starts a word (`a@b.com` is no mention); else `undefined`. */
export function mentionQueryAt(text: string, caret: number): { query: string; start: number } | undefined {
  const match = /(?:^|[\s([{"'`])@([^\s@]*)$/.exec(text.slice(0, caret));
  if (match === null) return undefined;
  const query = match[1] ?? '';
  return { query, start: caret - query.length - 1 };
}

import type { SlashCommandRow } from '../protocol/slashCommands';
import { codicon, h } from './dom';

const icons: Record<SlashCommandRow['kind'], string> = { elbow: 'zap', prompt: 'file-text', skill: 'lightbulb', mcp: 'server' };
const kindLabels: Record<SlashCommandRow['kind'], string> = { elbow: 'Elbow', prompt: 'Prompt file', skill: 'Skill', mcp: 'MCP prompt' };

/** The `/name` being typed: the input starts with `/` and the caret is still in the name. */
export function slashQueryAt(text: string, caret: number): string | undefined {
  const match = /^\/([^\s/]*)$/.exec(text.slice(0, caret));
  return match === null || /\S/.test(text.slice(caret, caret + 1)) ? undefined : (match[1] ?? '');
}

/** The rows whose name starts with the query first, then those that contain it. */
export function slashMatches(rows: readonly SlashCommandRow[], query: string): SlashCommandRow[] {
  const wanted = query.toLowerCase();
  const starts = rows.filter((row) => row.name.toLowerCase().startsWith(wanted));
  const contains = rows.filter((row) => !row.name.toLowerCase().startsWith(wanted) && row.name.toLowerCase().includes(wanted));
  return [...starts, ...contains];
}

/**
 * The list that opens when `/` starts the prompt: Elbow's own commands, prompt files, skills and MCP prompts,
 * filtered as the name is typed, chosen with Up/Down and Enter or Tab (or the mouse), closed with Escape.
 * The prompt keeps the focus; the active row is its `aria-activedescendant`.
 */
export class SlashPicker {
  readonly element = h('div', { id: 'slash-picker', className: 'mention-picker slash-picker', hidden: true, attributes: { role: 'listbox', 'aria-label': 'Slash commands' } });
  private rows: SlashCommandRow[] = [];
  private shown: SlashCommandRow[] = [];
  private query: string | undefined;
  private active = 0;

  constructor(private readonly prompt: HTMLTextAreaElement, private readonly onChoose: (row: SlashCommandRow) => void) {
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
  }

  get isOpen(): boolean {
    return this.query !== undefined && !this.element.hidden;
  }

  setRows(rows: readonly SlashCommandRow[]): void {
    this.rows = [...rows];
    if (this.query !== undefined) this.render();
  }

  /** Follows what is typed; `undefined` closes it. */
  update(query: string | undefined): void {
    if (query === this.query) return;
    if (query === undefined) return this.close();
    this.query = query;
    this.active = 0;
    this.render();
  }

  close(): void {
    const wasOpen = this.query !== undefined;
    this.query = undefined;
    this.shown = [];
    this.element.hidden = true;
    this.element.replaceChildren();
    if (!wasOpen) return;
    this.prompt.setAttribute('aria-controls', 'mention-picker');
    this.prompt.setAttribute('aria-expanded', 'false');
    this.prompt.removeAttribute('aria-activedescendant');
  }

  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen || event.altKey || event.ctrlKey || event.metaKey) return false;
    switch (event.key) {
      case 'Escape':
        this.close();
        return true;
      case 'ArrowDown':
      case 'ArrowUp':
        this.active = (this.active + (event.key === 'ArrowDown' ? 1 : -1) + this.shown.length) % this.shown.length;
        this.markActive();
        return true;
      case 'Enter':
      case 'Tab': {
        const row = event.shiftKey ? undefined : this.shown[this.active];
        if (row === undefined) return false;
        this.choose(row);
        return true;
      }
      default:
        return false;
    }
  }

  private choose(row: SlashCommandRow): void {
    this.close();
    this.onChoose(row);
  }

  private render(): void {
    this.shown = slashMatches(this.rows, this.query ?? '');
    this.active = Math.min(this.active, Math.max(this.shown.length - 1, 0));
    this.element.replaceChildren(...this.shown.map((row, index) => this.option(row, index)));
    this.element.hidden = this.shown.length === 0;
    this.prompt.setAttribute('aria-controls', this.element.id);
    this.prompt.setAttribute('aria-expanded', String(!this.element.hidden));
    this.markActive();
  }

  private option(row: SlashCommandRow, index: number): HTMLElement {
    const detail = [row.description, row.note === undefined ? undefined : `Note: ${row.note}`].filter((part) => part !== undefined && part !== '').join(' — ');
    const option = h('div', { id: `slash-option-${index}`, className: 'slash-option', attributes: { role: 'option', 'aria-selected': 'false', title: `${detail}\n${kindLabels[row.kind]}: ${row.source}`.trim() } }, [
      h('div', { className: 'slash-head' }, [
        codicon(icons[row.kind]),
        h('span', { className: 'slash-name', text: `/${row.name}` }),
        ...(row.argumentHint === undefined ? [] : [h('span', { className: 'slash-hint', text: row.argumentHint })]),
        h('span', { className: 'slash-source', text: row.kind === 'elbow' ? 'Elbow' : row.source }),
      ]),
      ...(detail === '' ? [] : [h('div', { className: row.note === undefined ? 'slash-description' : 'slash-description slash-noted', text: detail })]),
    ]);
    option.addEventListener('click', () => this.choose(row));
    return option;
  }

  private markActive(): void {
    const options = [...this.element.children];
    options.forEach((option, index) => option.setAttribute('aria-selected', String(index === this.active)));
    const active = options[this.active];
    if (active === undefined) return this.prompt.removeAttribute('aria-activedescendant');
    this.prompt.setAttribute('aria-activedescendant', active.id);
    active.scrollIntoView({ block: 'nearest' });
  }
}

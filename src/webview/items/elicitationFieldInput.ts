import type { ElicitationFieldView, ElicitationInput } from '../../protocol/elicitation';
import { h } from '../dom';

/** Text formats the browser has a fitting input for; the rest are typed as text and checked by Elbow. */
const inputTypes: Readonly<Record<string, string>> = { email: 'email', uri: 'url', date: 'date' };
const formatHints: Readonly<Record<string, string>> = { 'date-time': 'e.g. 2026-01-31T09:30:00Z' };

/**
 * One field of a server's question: its label (the server's title, plain text, `*` when required),
 * its description, the control for its kind, and the place its problem shows.
 */
export class ElicitationFieldInput {
  readonly element: HTMLDivElement;
  private readonly problem: HTMLDivElement;
  private readonly controls: Array<HTMLInputElement | HTMLSelectElement> = [];
  /** A box the user never ticked or cleared gives nothing, unless the schema has a default for it. */
  private touched = false;

  constructor(private readonly field: ElicitationFieldView, formId: string, given: ElicitationInput | undefined) {
    const id = `${formId}-${field.name}`;
    const describedBy = [`${id}-description`, `${id}-problem`].join(' ');
    const label = h('label', { id: `${id}-label`, className: 'elicitation-label', attributes: { for: id } }, [
      h('span', { text: field.title }),
      ...(field.required ? [h('span', { className: 'elicitation-required', text: ' *', attributes: { 'aria-hidden': 'true' } })] : []),
    ]);
    const description = h('div', { id: `${id}-description`, className: 'elicitation-description', text: field.description ?? '', hidden: field.description === undefined });
    this.problem = h('div', { id: `${id}-problem`, className: 'elicitation-problem', hidden: true });
    const control = this.control(id, describedBy, given);
    this.element = h('div', { className: 'elicitation-field', attributes: { 'data-field': field.name, 'data-kind': field.kind } }, [label, description, control, this.problem]);
  }

  get name(): string {
    return this.field.name;
  }

  /** What the user gave, as the extension checks it. */
  get value(): ElicitationInput | undefined {
    const { field } = this;
    if (field.kind === 'boolean') {
      const box = this.controls[0] as HTMLInputElement;
      return this.touched || field.default !== undefined ? box.checked : undefined;
    }
    if (field.kind === 'choices') return this.controls.filter((box) => (box as HTMLInputElement).checked).map((box) => box.value);
    const value = this.controls[0]?.value ?? '';
    return value === '' ? undefined : value;
  }

  showProblem(problem: string | undefined): void {
    this.problem.textContent = problem ?? '';
    this.problem.hidden = problem === undefined;
    for (const control of this.controls) {
      if (problem === undefined) control.removeAttribute('aria-invalid');
      else control.setAttribute('aria-invalid', 'true');
    }
  }

  focus(): void {
    this.controls[0]?.focus();
  }

  setDisabled(disabled: boolean): void {
    for (const control of this.controls) control.disabled = disabled;
  }

  private control(id: string, describedBy: string, given: ElicitationInput | undefined): HTMLElement {
    const { field } = this;
    const common = { id, 'aria-describedby': describedBy, ...(field.required ? { 'aria-required': 'true' } : {}) };
    switch (field.kind) {
      case 'boolean': {
        const box = h('input', { className: 'elicitation-checkbox', attributes: { ...common, type: 'checkbox' } });
        box.checked = typeof given === 'boolean' ? given : field.default === true;
        this.touched = typeof given === 'boolean';
        box.addEventListener('change', () => { this.touched = true; });
        this.controls.push(box);
        return box;
      }
      case 'choice': {
        const select = h('select', { className: 'elicitation-select', attributes: common }, [
          h('option', { text: '—', attributes: { value: '' } }),
          ...(field.options ?? []).map((option) => h('option', { text: option.title, attributes: { value: option.value } })),
        ]);
        select.value = typeof given === 'string' ? given : typeof field.default === 'string' ? field.default : '';
        this.controls.push(select);
        return select;
      }
      case 'choices': {
        const chosen = Array.isArray(given) ? given : Array.isArray(field.default) ? field.default : [];
        const boxes = (field.options ?? []).map((option, index) => {
          const box = h('input', { className: 'elicitation-checkbox', attributes: { id: `${id}-${index}`, type: 'checkbox', value: option.value, 'aria-describedby': describedBy } });
          box.checked = chosen.includes(option.value);
          this.controls.push(box);
          return h('label', { className: 'elicitation-choice', attributes: { for: box.id } }, [box, h('span', { text: option.title })]);
        });
        return h('div', { className: 'elicitation-choices', attributes: { role: 'group', 'aria-labelledby': `${id}-label` } }, boxes);
      }
      default: {
        const type = field.kind === 'number' ? 'number' : inputTypes[field.format ?? ''] ?? 'text';
        const attributes: Record<string, string> = { ...common, type, spellcheck: 'false' };
        if (field.kind === 'number') attributes.step = field.integer === true ? '1' : 'any';
        if (field.minimum !== undefined) attributes.min = String(field.minimum);
        if (field.maximum !== undefined) attributes.max = String(field.maximum);
        const hint = formatHints[field.format ?? ''];
        if (hint !== undefined) attributes.placeholder = hint;
        const input = h('input', { className: 'elicitation-input', attributes });
        const start = typeof given === 'string' ? given : field.default === undefined || typeof field.default === 'boolean' || Array.isArray(field.default) ? '' : String(field.default);
        input.value = start;
        this.controls.push(input);
        return input;
      }
    }
  }
}

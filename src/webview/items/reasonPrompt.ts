import { codicon, h } from '../dom';

const sendKeys = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘Enter' : 'Ctrl+Enter';

/** What one use of the prompt is called and looks like (its class names are the test hooks). */
export interface ReasonPromptParts {
  /** The id of the form, for the toggle's `aria-controls`. */
  formId: string;
  formClass: string;
  actionsClass: string;
  toggle: { className: string; text: string; label: string };
  /** `label` is read with the send keys, e.g. `Reason for Elbow`. */
  field: { className: string; label: string };
  send: { className: string; text: string; label: string };
}

/**
 * "Decline with a reason": a toggle that opens a text box and its send button. Ctrl/Cmd+Enter
 * in the box sends; Escape closes it and gives the focus back to the toggle.
 */
export class ReasonPrompt {
  readonly toggle: HTMLButtonElement;
  readonly field: HTMLTextAreaElement;
  readonly send: HTMLButtonElement;
  readonly form: HTMLDivElement;

  constructor(parts: ReasonPromptParts, onSend: (reason: string) => void) {
    this.toggle = actionButton(`${parts.toggle.className} secondary-button`, 'comment', parts.toggle.text, parts.toggle.label);
    this.field = h('textarea', {
      className: parts.field.className,
      attributes: { rows: '2', placeholder: `What should Elbow do instead? (${sendKeys} to send)`, 'aria-label': `${parts.field.label} (${sendKeys} to send)` },
    });
    this.send = actionButton(`${parts.send.className} primary-button`, 'send', parts.send.text, parts.send.label);
    this.form = h('div', { className: parts.formClass, hidden: true }, [this.field, h('div', { className: parts.actionsClass }, [this.send])]);
    this.form.id = parts.formId;
    this.toggle.setAttribute('aria-controls', parts.formId);
    this.toggle.setAttribute('aria-expanded', 'false');
    this.toggle.addEventListener('click', () => this.show(this.form.hidden));
    this.send.addEventListener('click', () => onSend(this.field.value));
    this.field.addEventListener('keydown', (event) => {
      if (event.isComposing) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onSend(this.field.value);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.show(false);
        this.toggle.focus();
      }
    });
  }

  /** The prompt's own controls, to disable while a decision is on its way. */
  get controls(): Array<HTMLButtonElement | HTMLTextAreaElement> {
    return [this.toggle, this.field, this.send];
  }

  show(show: boolean): void {
    this.form.hidden = !show;
    this.toggle.setAttribute('aria-expanded', String(show));
    if (show) this.field.focus();
  }
}

/** A button with an icon and a text, its full meaning in the tooltip. */
export function actionButton(className: string, icon: string, text: string, label: string): HTMLButtonElement {
  return h('button', { className, attributes: { type: 'button', title: label } }, [codicon(icon), h('span', { className: 'button-text', text })]);
}

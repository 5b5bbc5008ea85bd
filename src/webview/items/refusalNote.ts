import type { ToolRefusal } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import type { ExtensionLink } from '../vscodeApi';

const notes: Readonly<Record<ToolRefusal, { text: string; action?: string }>> = {
  planMode: { text: 'Plan mode only reads and plans, so this did not run.', action: 'Switch to act mode' },
  agent: { text: 'The picked agent is not given this tool, so it did not run.' },
};

/**
 * Under the card of a call the conversation's mode kept from running: why, in a calm voice, and the
 * way out. The mode working as meant is no failure, so nothing here is coloured as an error.
 */
export class RefusalNote {
  private readonly text = h('span', { className: 'tool-refusal-text' });
  private readonly action = h('button', { className: 'tool-refusal-action', attributes: { type: 'button' } });
  readonly element = h('div', { className: 'tool-refusal', attributes: { role: 'note' } }, [codicon('info', 'tool-refusal-icon'), this.text, this.action]);

  constructor(extension: ExtensionLink) {
    this.action.addEventListener('click', () => extension.post({ type: 'setPlanMode', enabled: false }));
  }

  update(refusal: ToolRefusal | undefined): void {
    this.element.hidden = refusal === undefined;
    if (refusal === undefined) return;
    this.text.textContent = notes[refusal].text;
    const action = notes[refusal].action;
    this.action.hidden = action === undefined;
    this.action.textContent = action ?? '';
  }
}

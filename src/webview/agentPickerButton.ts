import type { AgentChoiceRow } from '../protocol/agentChoices';
import { codicon, h } from './dom';
import type { ExtensionLink } from './vscodeApi';

/**
 * The header's agent picker: a button naming the conversation's agent (Agent, Plan or a custom one).
 * The list is VS Code's quick pick, opened by the extension, so it is keyboard-driven and themed; the
 * state is the extension's: only an `agent` message changes what the button shows.
 */
export class AgentPickerButton {
  private readonly icon = codicon('hubot');
  private readonly text = h('span', { className: 'agent-picker-text', text: 'Agent' });
  readonly button = h('button', {
    id: 'agent-picker',
    className: 'agent-picker',
    attributes: { type: 'button', 'aria-haspopup': 'dialog', 'data-agent': 'Agent' },
  }, [this.icon, this.text, codicon('chevron-down')]);

  constructor(extension: ExtensionLink) {
    this.button.addEventListener('click', () => extension.post({ type: 'pickAgent' }));
    this.set('Agent', []);
  }

  set(picked: string, choices: readonly AgentChoiceRow[]): void {
    const choice = choices.find((candidate) => candidate.name === picked);
    this.text.textContent = picked;
    this.button.dataset['agent'] = picked;
    this.icon.className = `codicon codicon-${picked === 'Plan' ? 'checklist' : 'hubot'}`;
    const from = choice?.origin === 'workspace' ? ' (from this workspace)' : '';
    const about = choice === undefined || choice.description === '' ? '' : `: ${choice.description}`;
    this.button.title = `Agent: ${picked}${from}${about}. Click to pick another agent.`;
    this.button.setAttribute('aria-label', `Agent: ${picked}${from}. Pick an agent`);
  }
}

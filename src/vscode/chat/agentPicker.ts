import * as vscode from 'vscode';
import type { AgentRun } from '../../core/agent/agentRun';
import { agentAtStart } from '../../core/agent/agentAtStart';
import { agentChoices, pickAgent, pickedAgentName, type AgentChoice } from '../../core/agent/pickedAgent';
import type { Customizations } from '../../core/customize/customizations';
import type { ToWebview } from '../../protocol/toWebview';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

export interface AgentPickerDependencies {
  run: Pick<AgentRun, 'conversation'>;
  post(message: ToWebview): void;
  customizations(): Promise<Customizations>;
  /** The conversation's agent (and so perhaps its mode) changed: shown and saved. */
  changed(): void;
}

/** The open conversation's agent: the header's picker ("Elbow: Pick Agent"), and `@name` at a message's start. */
export class AgentPicker {
  readonly messageHandlers: WebviewMessageHandlersFor<'pickAgent'> = {
    pickAgent: () => this.choose(),
  };

  constructor(private readonly deps: AgentPickerDependencies) {}

  /** Lists the agents in a quick pick, the picked one first-focused; picking one picks it for the conversation. */
  async choose(): Promise<void> {
    const customizations = await this.deps.customizations();
    const picked = pickedAgentName(this.deps.run.conversation);
    const items = agentChoices(customizations).map((choice) => ({ label: choice.name, description: descriptionOf(choice, picked), detail: choice.description, choice }));
    const chosen = await vscode.window.showQuickPick(items, { title: 'Pick an agent for this conversation', placeHolder: `Now: ${picked}`, matchOnDescription: true, matchOnDetail: true });
    if (chosen !== undefined) this.pick(customizations, chosen.choice.name);
  }

  /**
   * A message starting with `@name` where name is an agent's: picks it and returns the rest to send.
   * Anything else (an `@file` mention, an unknown name) is returned unchanged.
   */
  async takePrefix(text: string): Promise<string> {
    if (!text.trimStart().startsWith('@')) return text;
    const customizations = await this.deps.customizations();
    const named = agentAtStart(text, agentChoices(customizations));
    if (named === undefined) return text;
    this.pick(customizations, named.name);
    return named.rest;
  }

  async postState(): Promise<void> {
    const customizations = await this.deps.customizations();
    const choices = agentChoices(customizations).map((choice) => ({ name: choice.name, description: choice.description, ...(choice.origin === undefined ? {} : { origin: choice.origin }) }));
    this.deps.post({ type: 'agent', picked: pickedAgentName(this.deps.run.conversation), choices });
  }

  private pick(customizations: Customizations, name: string): void {
    if (!pickAgent(this.deps.run.conversation, customizations, name)) return;
    this.deps.post({ type: 'planMode', enabled: this.deps.run.conversation.mode === 'plan' });
    void this.postState();
    this.deps.changed();
  }
}

function descriptionOf(choice: AgentChoice, picked: string): string {
  const parts = [choice.name === picked ? 'picked' : '', choice.origin === 'workspace' ? 'from this workspace' : choice.origin === 'user' ? 'yours' : 'built in'];
  return parts.filter((part) => part !== '').join(' · ');
}

import type { AgentProfile } from '../customize/agentProfile';
import type { Customizations } from '../customize/customizations';
import type { AgentToolLimit } from '../tools/agentToolLimit';
import type { ConversationState } from './conversationState';

/** An agent the user can pick: the built-in Agent and Plan, then the custom ones. */
export interface AgentChoice {
  name: string;
  description: string;
  /** Where a custom agent's file is: `workspace` (a repository's text, shown as such) or `user`. */
  origin?: 'workspace' | 'user';
}

const builtinChoices: readonly AgentChoice[] = [
  { name: 'Agent', description: 'Reads, edits and runs commands, asking where your approvals say to' },
  { name: 'Plan', description: 'Only reads and runs read-only commands, then answers with a plan' },
];

export function agentChoices(customizations: Customizations): AgentChoice[] {
  return [...builtinChoices, ...customizations.agents.map((agent) => ({ name: agent.name, description: agent.description, ...(agent.file === undefined ? {} : { origin: agent.file.origin }) }))];
}

/** The conversation's picked agent's name: a custom agent's, or Plan / Agent from the mode. */
export function pickedAgentName(conversation: ConversationState): string {
  return conversation.agent ?? (conversation.mode === 'plan' ? 'Plan' : 'Agent');
}

/**
 * Picks an agent for the conversation (from its next message); names match without regard to case.
 * Plan is plan mode; a custom agent works in act mode within its tools. False when none has the name.
 */
export function pickAgent(conversation: ConversationState, customizations: Customizations, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  if (wanted === 'agent' || wanted === 'plan') {
    conversation.mode = wanted === 'plan' ? 'plan' : 'act';
    delete conversation.agent;
    return true;
  }
  const agent = customizations.agents.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (agent === undefined) return false;
  conversation.mode = 'act';
  conversation.agent = agent.name;
  return true;
}

/** The custom agent the conversation has picked, if it is still among the customizations. */
export function pickedProfile(conversation: ConversationState, customizations: Customizations): AgentProfile | undefined {
  const name = conversation.agent;
  return name === undefined ? undefined : customizations.agents.find((agent) => agent.name === name);
}

/** The agent's prompt after the session's: the same for every request while it stays picked, so the prompt cache holds. */
export function systemWithAgent(system: string, agent: AgentProfile | undefined): string {
  if (agent === undefined || agent.prompt === '') return system;
  const from = agent.file?.origin === 'workspace' ? ' (from the workspace, like AGENTS.md)' : '';
  return `${system}\n\n# The ${agent.name} agent${from}\nThe user picked this agent for the conversation; follow its instructions.\n\n${agent.prompt}`;
}

/** The tools the agent is given; undefined when its file names none (every tool). */
export function toolLimitOf(agent: AgentProfile | undefined): AgentToolLimit | undefined {
  return agent?.tools === undefined ? undefined : { name: agent.name, tools: agent.tools };
}

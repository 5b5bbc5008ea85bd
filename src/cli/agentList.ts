import type { AgentSession } from '../core/agent/agentSession';
import type { AgentChoice } from '../core/agent/pickedAgent';

/** The agents to pick from, one a line, the picked one marked; a workspace's are marked as the repository's text they are. */
export function agentListText(choices: readonly AgentChoice[], picked?: string): string {
  const lines = choices.map((choice) => {
    const mark = choice.name === picked ? '*' : ' ';
    const from = choice.origin === 'workspace' ? ' (workspace)' : '';
    return `${mark} ${choice.name}${from}${choice.description === '' ? '' : ` — ${choice.description}`}`;
  });
  return `Agents (/agent NAME or --agent NAME picks one):\n${lines.join('\n')}`;
}

/** What `/agent [name]` says: the list, or the agent now picked (`picked` runs when one was). */
export function agentCommandReply(session: AgentSession, name: string | undefined, picked: () => void): string {
  if (name === undefined) return `${agentListText(session.agentChoices(), session.agentName)}\n`;
  if (!session.pickAgent(name)) return `No agent is named ${name}. ${agentListText(session.agentChoices(), session.agentName)}\n`;
  picked();
  return `(The ${session.agentName} agent from your next message.)\n`;
}

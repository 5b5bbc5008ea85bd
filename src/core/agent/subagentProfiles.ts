import type { Customizations } from '../customize/customizations';
import type { AgentToolLimit } from '../tools/agentToolLimit';
import type { ConversationMode } from '../tools/conversationMode';
import type { ToolRegistry } from '../tools/registry';
import type { SubagentChoice } from '../tools/subagents';

/** How deep sessions go: the user's conversation is depth 0, its children 1; a session at the last depth (this minus one) gets no `task` tool. */
export const maxSubagentDepth = 2;

const builtinSubagents: readonly SubagentChoice[] = [
  { name: 'explore', description: 'read-only: searches, reads, runs read-only commands, reports what it found' },
  { name: 'general', description: 'your tools and permissions: can edit and run commands' },
];

/** The agents a `task` call may name: explore and general, then the custom agents found; a custom agent of a built-in's name is left out (the built-in answers to it). */
export function subagentChoices(customizations: Customizations): SubagentChoice[] {
  const custom = customizations.agents.filter((agent) => !isBuiltinSubagent(agent.name));
  return [...builtinSubagents, ...custom.map((agent) => ({ name: agent.name, description: agent.description }))];
}

function isBuiltinSubagent(name: string): boolean {
  return builtinSubagents.some((builtin) => builtin.name === name.trim().toLowerCase());
}

/** What a child runs as: its name, its mode, the custom agent it is (if one) and the limit it adds to its parent's. */
export interface SubagentProfile {
  name: string;
  mode: ConversationMode;
  customAgent?: string;
  limit?: AgentToolLimit;
}

/**
 * The profile of the agent a `task` call named (without regard to case), or undefined when there is none.
 * A child keeps its parent's plan mode and tool limit; explore always works in plan mode, so its
 * commands are the read-only ones. At the last depth the `task` tool is withheld.
 */
export function subagentProfile(name: string, parent: { mode: ConversationMode; limit?: AgentToolLimit; depth: number }, registry: ToolRegistry, customizations: Customizations): SubagentProfile | undefined {
  const wanted = name.trim().toLowerCase();
  // The child is one deeper than its parent; at the last depth a session starts no children.
  const lastDepth = parent.depth + 2 >= maxSubagentDepth;
  const limitOf = (agent: string, tools: readonly string[] | 'all'): AgentToolLimit | undefined => {
    if (tools === 'all' && !lastDepth && parent.limit === undefined) return undefined;
    const names = (tools === 'all' ? registry.names() : tools).filter((tool) => !(lastDepth && tool === 'task'));
    return { name: agent, tools: names, subagent: true, ...(parent.limit === undefined ? {} : { within: parent.limit }) };
  };
  if (wanted === 'explore') {
    const reads = registry.names().filter((tool) => tool !== 'task' && (registry.isReadOnly(tool) || registry.get(tool)?.checksPlanMode === true));
    return { name: 'explore', mode: 'plan', limit: limitOf('explore', reads) };
  }
  if (wanted === 'general') return { name: 'general', mode: parent.mode, limit: limitOf('general', 'all') };
  const custom = customizations.agents.find((agent) => agent.name.toLowerCase() === wanted);
  if (custom === undefined) return undefined;
  return { name: custom.name, mode: parent.mode, customAgent: custom.name, limit: limitOf(custom.name, 'all') };
}

import type { ToolSpec } from '../llm/provider';
import type { ToolIdentity } from '../toolContract/toolIdentity';

/** The tools a picked custom agent is given; the session has others, which it neither offers nor runs. */
export interface AgentToolLimit {
  /** The agent's name, for the model and the user. */
  name: string;
  /** Elbow tool names; `mcp__server__*` stands for all of a server's tools. */
  tools: readonly string[];
  /** The limit of the agent that started this one (a subagent's parent): it holds too. */
  within?: AgentToolLimit;
  /** The limit of a subagent (the agent the `task` tool named), not of the agent the user picked. */
  subagent?: boolean;
}

/** Looking after the conversation (compacting it, its todo list) changes nothing an agent is kept from. */
function alwaysGiven(tool: ToolIdentity): boolean {
  return tool.kind === 'conversation';
}

function ownLimitGives(limit: AgentToolLimit, name: string): boolean {
  return limit.tools.some((tool) => tool === name || (tool.endsWith('__*') && name.startsWith(tool.slice(0, -1))));
}

export function limitGives(limit: AgentToolLimit, name: string): boolean {
  return ownLimitGives(limit, name) && (limit.within === undefined || limitGives(limit.within, name));
}

/** The agent whose limit keeps the tool from being run: the innermost first. */
function limitRefusing(limit: AgentToolLimit, name: string): AgentToolLimit {
  return ownLimitGives(limit, name) && limit.within !== undefined ? limitRefusing(limit.within, name) : limit;
}

/** Why a call may not run under the agent, for the model; `undefined` when it may. */
export function agentToolRefusal(limit: AgentToolLimit, tool: ToolIdentity): string | undefined {
  if (alwaysGiven(tool) || limitGives(limit, tool.name)) return undefined;
  const refusing = limitRefusing(limit, tool.name);
  return `${tool.name} was not run: the ${refusing.name} ${refusing.subagent === true ? 'subagent' : 'agent the user picked'} is not given that tool. Work with the tools you are offered, or tell the user what you would need.`;
}

/** The tools the model is offered under the agent (all without one). */
export function offeredTools(specs: ToolSpec[], limit: AgentToolLimit | undefined, identity: (name: string) => ToolIdentity | undefined = () => undefined): ToolSpec[] {
  if (limit === undefined) return specs;
  return specs.filter((spec) => {
    const tool = identity(spec.name);
    return (tool !== undefined && alwaysGiven(tool)) || limitGives(limit, spec.name);
  });
}

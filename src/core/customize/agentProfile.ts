import type { CustomizationFile, CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';

/** A custom agent (`.elbow/agents/*.md`, `.claude/agents/*.md`, `.github/agents/*.agent.md`): a prompt and the tools it is given. */
export interface AgentProfile {
  name: string;
  description: string;
  /** The tools it is given, by name; undefined: all. */
  tools?: readonly string[];
  model?: string;
  /** Instructions added to the system prompt while it is picked. */
  prompt: string;
  /** Undefined for the built-in agents. */
  file?: CustomizationFile;
}

export function loadAgentProfiles(_reader: CustomizationReader): Promise<{ agents: AgentProfile[]; problems: CustomizationProblem[] }> {
  return Promise.resolve({ agents: [], problems: [] });
}

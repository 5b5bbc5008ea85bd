import { elbowToolsForClaudeName, elbowToolsForCopilotName } from './foreignToolNames';

/** Elbow's own tool names, which an agent file may also use. */
const elbowToolNames = new Set([
  'list_files', 'read_file', 'search', 'edit_file', 'apply_patch', 'write_file', 'delete_file', 'run_command',
  'read_command_output', 'stop_command', 'compact', 'todo', 'problems', 'code_navigation', 'fetch_url',
]);

/** How an agent file writes its tools: Claude Code's names in a comma-separated string, Copilot's in a YAML list. */
export type AgentToolDialect = 'claude' | 'copilot' | 'elbow';

export interface ResolvedAgentTools {
  /** Elbow tool names, and `mcp__server__*` for all of an MCP server's tools. */
  tools: string[];
  /** The names no tool answers to. */
  unknown: string[];
}

/**
 * Elbow's tools for the names an agent file lists. Every dialect also takes Elbow's own names and
 * MCP tools as the model sees them (`mcp__server__tool`); Copilot's `server/*` and `server/tool`
 * name an MCP server's tools too.
 */
export function resolveAgentTools(names: readonly string[], dialect: AgentToolDialect): ResolvedAgentTools {
  const tools = new Set<string>();
  const unknown: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '') continue;
    const mapped = toolsFor(name, dialect);
    if (mapped.length === 0) unknown.push(name);
    for (const tool of mapped) tools.add(tool);
  }
  return { tools: [...tools], unknown };
}

function toolsFor(name: string, dialect: AgentToolDialect): readonly string[] {
  // Copilot's `search` and `problems` are tool sets wider than Elbow's tools of the same name.
  const copilot = elbowToolsForCopilotName(name);
  if (dialect === 'copilot' && copilot.length > 0) return copilot;
  if (elbowToolNames.has(name)) return [name];
  if (/^mcp__[A-Za-z0-9_-]+__(\*|[A-Za-z0-9_-]+)$/.test(name)) return [name];
  const mcpServer = /^([A-Za-z0-9_.-]+)\/(\*|[A-Za-z0-9_.-]+)$/.exec(name);
  if (mcpServer !== null && dialect !== 'claude') return [`mcp__${mcpServer[1] ?? ''}__${mcpServer[2] ?? '*'}`];
  // A file may use either agent's names whatever folder it is in; its own folder's dialect is tried first.
  const claude = elbowToolsForClaudeName(name);
  return claude.length > 0 ? claude : copilot;
}

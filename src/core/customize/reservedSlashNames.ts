/** Elbow's own slash commands, in the chat and the terminal: a prompt file may not take their names. */
const reservedNames: ReadonlySet<string> = new Set(['act', 'agent', 'compact', 'customize', 'exit', 'help', 'mcp', 'new', 'plan', 'quit', 'retry', 'steer', 'usage']);

/** Elbow's own names, and the MCP servers' prompts' (`mcp.server.prompt`, `mcp__server__prompt`): no file may pass for one of them. */
export function isReservedSlashName(name: string): boolean {
  const lower = name.toLowerCase();
  return reservedNames.has(lower) || lower.startsWith('mcp.') || lower.startsWith('mcp__');
}

/** Elbow's own slash commands, in the chat and the terminal: a prompt file may not take their names. */
const reservedNames: ReadonlySet<string> = new Set(['act', 'agent', 'compact', 'customize', 'exit', 'help', 'mcp', 'new', 'plan', 'quit', 'retry', 'steer', 'usage']);

export function isReservedSlashName(name: string): boolean {
  return reservedNames.has(name.toLowerCase());
}

/** The ids of the commands the extension's manifest (package.json) contributes. */
export function declaredCommands(manifest: unknown): string[] {
  const commands = (manifest as { contributes?: { commands?: unknown } } | undefined)?.contributes?.commands;
  if (!Array.isArray(commands)) return [];
  return commands.map((entry: unknown) => (entry as { command?: unknown } | null)?.command).filter((id): id is string => typeof id === 'string');
}

/**
 * Elbow's tools under the names other agents' files use for theirs (Claude Code's `Read`, `Bash`…), so
 * an agent's `tools:` list or a hook's `matcher` written for that agent means the same here. A
 * name maps to every Elbow tool that does part of its job.
 */
const claudeCodeTools: Readonly<Record<string, readonly string[]>> = {
  Read: ['read_file'],
  Write: ['write_file'],
  Edit: ['edit_file', 'apply_patch'],
  MultiEdit: ['edit_file', 'apply_patch'],
  Glob: ['list_files'],
  LS: ['list_files'],
  Grep: ['search'],
  Bash: ['run_command', 'read_command_output', 'stop_command'],
  WebFetch: ['fetch_url'],
  TodoWrite: ['todo'],
};

/** The Elbow tools a Claude Code tool name stands for; empty when Elbow has none like it. */
export function elbowToolsForClaudeName(name: string): readonly string[] {
  return Object.hasOwn(claudeCodeTools, name) ? (claudeCodeTools[name] ?? []) : [];
}

/** The Claude Code name of an Elbow tool (the first that maps to it), for hooks that check `tool_name`. */
export function claudeNameOfElbowTool(tool: string): string | undefined {
  return Object.entries(claudeCodeTools).find(([, tools]) => tools.includes(tool))?.[0];
}

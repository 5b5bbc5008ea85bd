/**
 * Elbow's tools under the names other agents' files use for theirs (Claude Code's `Read`, `Bash`…;
 * VS Code Copilot's `read`, `edit`, `runCommands`…), so an agent's `tools:` list or a hook's
 * `matcher` written for that agent means the same here. A name maps to every Elbow tool that does
 * part of its job.
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

const commandTools = ['run_command', 'read_command_output', 'stop_command'];
const editTools = ['edit_file', 'apply_patch', 'write_file', 'delete_file'];

/** VS Code Copilot's tool sets (`read`, `edit`, `execute`…) and the older single tools' names still found in `.agent.md` files. */
const copilotTools: Readonly<Record<string, readonly string[]>> = {
  read: ['read_file', 'list_files', 'problems'],
  edit: editTools,
  search: ['search', 'list_files', 'code_navigation'],
  execute: commandTools,
  web: ['fetch_url'],
  todo: ['todo'],
  codebase: ['search', 'list_files', 'code_navigation'],
  usages: ['code_navigation'],
  problems: ['problems'],
  editFiles: editTools,
  runCommands: commandTools,
  runInTerminal: commandTools,
  terminalLastCommand: ['read_command_output'],
  fetch: ['fetch_url'],
  todos: ['todo'],
};

/** The Elbow tools a Claude Code tool name stands for; empty when Elbow has none like it. */
export function elbowToolsForClaudeName(name: string): readonly string[] {
  return Object.hasOwn(claudeCodeTools, name) ? (claudeCodeTools[name] ?? []) : [];
}

/** The Elbow tools a Copilot tool (or tool set) name stands for; empty when Elbow has none like it. */
export function elbowToolsForCopilotName(name: string): readonly string[] {
  return Object.hasOwn(copilotTools, name) ? (copilotTools[name] ?? []) : [];
}

/** The Claude Code name of an Elbow tool (the first that maps to it), for hooks that check `tool_name`. */
export function claudeNameOfElbowTool(tool: string): string | undefined {
  return Object.entries(claudeCodeTools).find(([, tools]) => tools.includes(tool))?.[0];
}

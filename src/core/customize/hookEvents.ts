/** The hook events Elbow runs, with Claude Code's names, so settings written for Claude Code mean the same here. */
export const hookEvents = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'PreCompact', 'Notification'] as const;

export type HookEvent = (typeof hookEvents)[number];

/** Claude Code's events Elbow has nothing like (no subagents, no session end): read without a problem of format, and said not to run. */
const claudeOnlyEvents = new Set(['SubagentStart', 'SubagentStop', 'SessionEnd', 'PermissionRequest', 'PostToolUseFailure', 'PostCompact', 'StopFailure', 'TaskCompleted', 'TeammateIdle', 'ConfigChange', 'InstructionsLoaded', 'WorktreeCreate', 'WorktreeRemove']);

export function isHookEvent(name: string): name is HookEvent {
  return (hookEvents as readonly string[]).includes(name);
}

export function isClaudeOnlyEvent(name: string): boolean {
  return claudeOnlyEvents.has(name);
}

/** The events whose matcher is about a tool's name; the others' matchers are ignored (Claude Code's SessionStart and PreCompact match a source). */
export function matchesTools(event: HookEvent): boolean {
  return event === 'PreToolUse' || event === 'PostToolUse';
}

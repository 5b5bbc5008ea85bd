/**
 * Whose value of each `elbow.*` setting counts. A cloned repository writes `.vscode/settings.json`
 * and `.code-workspace` files, so every setting is on exactly one of these lists, and a setting
 * that can widen what runs or is reached outside the sandbox, what is approved without asking,
 * or where secrets go is read from the user's own settings only. package.json declares those
 * `application` scope: VS Code then reads them from the User settings only, in a remote window
 * (code-server, SSH) too, where it drops `machine` settings from the User settings.
 */
export const userOnlySettings = [
  'provider', 'baseUrl', 'azure.authentication', 'edits.review', 'commands.allow', 'files.allowWritesOutsideWorkspace',
  'terminal.shellPath', 'terminal.shellArgs', 'sandbox.enabled', 'sandbox.allowedHosts', 'sandbox.passEnvironment',
  'sandbox.readableHomePaths', 'web.allowedDomains', 'mcp.autoApproveReadOnlyTools',
] as const;

/** Every scope counts and each can only narrow: lists are joined, limits take the smallest. */
export const narrowingSettings = [
  'commands.deny', 'sandbox.protectedPaths', 'sandbox.hiddenPaths', 'customize.disabled',
  'maxTurns', 'limits.toolCallsPerMessage', 'limits.commandsPerMessage', 'subagents.maxParallel',
] as const;

/** Appearance, the model and its costs, patience: a workspace may set these as it likes. */
export const workspaceSettings = [
  'model', 'fallbackModels', 'azure.apiVersion', 'reasoningEffort', 'requestTimeoutSeconds', 'stallTimeoutSeconds', 'maxRetries',
  'edits.format', 'edits.openEditedFiles', 'edits.problemsAfterEdit', 'terminal.shellIntegrationTimeoutSeconds',
  'models', 'context.compactToolResultsAt', 'context.summarizeAt', 'context.keepRecentToolResults',
] as const;

export type UserOnlySetting = (typeof userOnlySettings)[number];
export type NarrowingSetting = (typeof narrowingSettings)[number];
export type WorkspaceSetting = (typeof workspaceSettings)[number];

/** The shape of VS Code's `WorkspaceConfiguration.inspect()`. */
export interface InspectedSetting<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/** The user's value, else the default: whatever a workspace says is left out. */
export function userValueOf<T>(inspected: InspectedSetting<T> | undefined): T | undefined {
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/** The user's (or default) list joined with the workspace's and the folder's entries that `fromWorkspace` keeps. */
export function joinedListOf(inspected: InspectedSetting<unknown> | undefined, fromWorkspace: (entry: string) => boolean = () => true): string[] {
  const trimmed = (value: unknown) => strings(value).map((entry) => entry.trim()).filter((entry) => entry !== '');
  const workspace = [inspected?.workspaceValue, inspected?.workspaceFolderValue].flatMap(trimmed).filter(fromWorkspace);
  return [...new Set([...trimmed(userValueOf(inspected)), ...workspace])];
}

/** A `/regular expression/` command rule: a repository's settings may not hand one to the main thread's backtracking engine. */
export function isPatternRule(rule: string): boolean {
  return /^\/.+\/i?$/s.test(rule);
}

/** The smallest number any scope sets (the user's or the default when no workspace sets one). */
export function smallestNumberOf(inspected: InspectedSetting<unknown> | undefined): number | undefined {
  const numbers = [userValueOf(inspected), inspected?.workspaceValue, inspected?.workspaceFolderValue]
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return numbers.length === 0 ? undefined : Math.min(...numbers);
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

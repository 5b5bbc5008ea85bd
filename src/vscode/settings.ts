import * as vscode from 'vscode';
import type { AgentSettings } from '../core/agent/agentSettings';
import { defaultCompactionSettings } from '../core/context/contextBudget';
import { parseModelOverrides } from '../core/context/modelOverrides';
import { parseReasoningEffort } from '../core/llm/reasoningEffort';
import type { SandboxSettings } from '../core/sandbox/sandboxSettings';
import { relativeInside } from '../core/search/searchScope';
import { defaultModels, type ProviderName } from '../core/llm/providers/createProvider';
import { defaultStallTimeoutMs } from '../core/llm/providers/stallTimeout';
import type { TerminalSettings } from './terminal/terminalRunner';

/** How the agent's edits reach the user (`elbow.edits.*`): only the extension uses these. */
export interface EditSettings {
  /** `afterApply`: edits land at once and are reviewed in the editor; `beforeApply`: each edit waits for approval in the chat. */
  editReview: 'afterApply' | 'beforeApply';
  /** What happens to the editor when the agent changes a file. */
  openEditedFiles: 'background' | 'followAlong' | 'never';
}

export const providerLabels: Record<ProviderName, string> = {
  openai: 'OpenAI-compatible',
  anthropic: 'Anthropic',
};

/** The `elbow.*` settings the agent session runs with (contributes.configuration in package.json documents each). */
export function readAgentSettings(): AgentSettings {
  const configuration = vscode.workspace.getConfiguration('elbow');
  const provider: ProviderName = configuration.get<string>('provider') === 'anthropic' ? 'anthropic' : 'openai';
  const model = configuration.get<string>('model', '').trim();
  const baseUrl = endpointSetting(configuration).user;
  return {
    provider,
    model: model === '' ? defaultModels[provider] : model,
    baseUrl: baseUrl === '' ? undefined : baseUrl,
    reasoningEffort: parseReasoningEffort(configuration.get<unknown>('reasoningEffort')) ?? 'default',
    maxTurns: clampInteger(configuration.get<number>('maxTurns'), 1, 500, 50),
    requestTimeoutMs: clampInteger(configuration.get<number>('requestTimeoutSeconds'), 10, 3_600, 600) * 1_000,
    stallTimeoutMs: clampInteger(configuration.get<number>('stallTimeoutSeconds'), 0, 3_600, defaultStallTimeoutMs / 1_000) * 1_000,
    maxRetries: clampInteger(configuration.get<number>('maxRetries'), 0, 10, 5),
    toolCallsPerMessage: clampInteger(configuration.get<number>('limits.toolCallsPerMessage'), 10, 5_000, 200),
    commandsPerMessage: clampInteger(configuration.get<number>('limits.commandsPerMessage'), 1, 1_000, 30),
    models: parseModelOverrides(configuration.get<unknown>('models')).overrides,
    compaction: {
      compactToolResultsAtPercent: clampInteger(configuration.get<number>('context.compactToolResultsAt'), 10, 95, defaultCompactionSettings.compactToolResultsAtPercent),
      summarizeAtPercent: clampInteger(configuration.get<number>('context.summarizeAt'), 10, 95, defaultCompactionSettings.summarizeAtPercent),
      keepRecentToolResults: clampInteger(configuration.get<number>('context.keepRecentToolResults'), 0, 100, defaultCompactionSettings.keepRecentToolResults),
    },
  };
}

/** Read for each edit, so a change applies to the next one. */
export function readEditSettings(): EditSettings {
  const configuration = vscode.workspace.getConfiguration('elbow');
  return {
    editReview: configuration.get<string>('edits.review') === 'beforeApply' ? 'beforeApply' : 'afterApply',
    openEditedFiles: oneOf(configuration.get<string>('edits.openEditedFiles'), ['background', 'followAlong', 'never'] as const, 'background'),
  };
}

/** Which new problems the model is told about after an edit (`elbow.edits.problemsAfterEdit`), read for each edit. */
export function readProblemsAfterEdit(): 'errors' | 'errorsAndWarnings' | 'off' {
  return oneOf(vscode.workspace.getConfiguration('elbow').get<string>('edits.problemsAfterEdit'), ['errors', 'errorsAndWarnings', 'off'] as const, 'errors');
}

/** How Elbow's terminal is made (read for every new terminal). */
export function readTerminalSettings(): TerminalSettings {
  const configuration = vscode.workspace.getConfiguration('elbow.terminal');
  const shellArgs = configuration.get<unknown>('shellArgs');
  return {
    shellPath: configuration.get<string>('shellPath', '').trim(),
    shellArgs: Array.isArray(shellArgs) ? shellArgs.filter((entry): entry is string => typeof entry === 'string') : [],
    integrationTimeoutMs: Math.round(Math.min(60, Math.max(1, configuration.get<number>('shellIntegrationTimeoutSeconds', 6))) * 1000),
  };
}

/**
 * The sandbox settings. What widens the sandbox (turning it off, hosts, variables passed, home paths read) counts
 * only from the user's own settings: a repository's `.vscode/settings.json` cannot loosen it.
 * What narrows it (protected and hidden paths) counts from the workspace too.
 */
export function readSandboxSettings(): SandboxSettings {
  const configuration = vscode.workspace.getConfiguration('elbow.sandbox');
  const userValue = <T>(key: string): T | undefined => {
    const inspected = configuration.inspect<T>(key);
    return inspected?.globalValue ?? inspected?.defaultValue;
  };
  const everyScope = (key: string): string[] => {
    const inspected = configuration.inspect<unknown>(key);
    return [inspected?.globalValue, inspected?.workspaceValue, inspected?.workspaceFolderValue].flatMap(strings);
  };
  return {
    enabled: userValue<boolean>('enabled') !== false,
    allowedHosts: strings(userValue<unknown>('allowedHosts')),
    passEnvironment: strings(userValue<unknown>('passEnvironment')),
    readableHomePaths: strings(userValue<unknown>('readableHomePaths')),
    protectedPaths: [...everyScope('protectedPaths'), ...workspaceFileInFolders()],
    hiddenPaths: everyScope('hiddenPaths'),
  };
}

/**
 * The open `.code-workspace` file, relative to each workspace folder that holds it: its settings
 * are Elbow's settings (the base URL the key is sent to among them), so commands must not change it.
 */
function workspaceFileInFolders(): string[] {
  const file = vscode.workspace.workspaceFile;
  if (file?.scheme !== 'file') return [];
  return (vscode.workspace.workspaceFolders ?? []).flatMap((folder) => {
    const relative = relativeInside(folder.uri.fsPath, file.fsPath);
    return relative === undefined || relative === '' ? [] : [relative];
  });
}

/**
 * `elbow.baseUrl`, the endpoint the API key is sent to, counts only from the user's settings: a
 * cloned repository's `.vscode/settings.json` (or workspace file) could otherwise send the key to
 * a server of its choosing. `ignored` is a different endpoint a workspace names, to tell the user.
 */
export function endpointSetting(configuration = vscode.workspace.getConfiguration('elbow')): { user: string; ignored: string | undefined } {
  const inspected = configuration.inspect<unknown>('baseUrl');
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
  const user = text(inspected?.globalValue ?? inspected?.defaultValue);
  const workspace = text(inspected?.workspaceFolderValue ?? inspected?.workspaceValue);
  return { user, ignored: workspace !== '' && workspace !== user ? workspace : undefined };
}

/** Where a setting the user changes from Elbow's UI is written: the workspace when it already overrides the value there (never for the endpoint). */
export function settingTarget(key: string): vscode.ConfigurationTarget {
  if (key === 'baseUrl') return vscode.ConfigurationTarget.Global;
  const inspected = vscode.workspace.getConfiguration('elbow').inspect(key);
  if (inspected?.workspaceFolderValue !== undefined || inspected?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace;
  return vscode.ConfigurationTarget.Global;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function clampInteger(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

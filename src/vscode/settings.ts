import * as vscode from 'vscode';
import type { AgentSettings } from '../core/agent/agentSettings';
import { usableFallbackModels, type FallbackModelList } from '../core/agent/fallbackModelList';
import { defaultParallelSubagents } from '../core/agent/parallelSlots';
import { defaultCompactionSettings } from '../core/context/contextBudget';
import { parseModelOverrides } from '../core/context/modelOverrides';
import { parseReasoningEffort } from '../core/llm/reasoningEffort';
import { parseEditFormat } from '../core/tools/editFormat';
import type { SandboxSettings } from '../core/sandbox/sandboxSettings';
import { relativeInside } from '../core/search/searchScope';
import type { ProviderPreset } from '../core/llm/presets/providerPreset';
import { presetById, providerPresets } from '../core/llm/presets/providerPresets';
import { defaultStallTimeoutMs } from '../core/llm/providers/stallTimeout';
import {
  isPatternRule, joinedListOf, smallestNumberOf, strings, userOnlySettings, userValueOf,
  type NarrowingSetting, type UserOnlySetting, type WorkspaceSetting,
} from './settingScopes';
import type { TerminalSettings } from './terminal/terminalRunner';

/** How the agent's edits reach the user (`elbow.edits.*`): only the extension uses these. */
export interface EditSettings {
  /** `afterApply`: edits land at once and are reviewed in the editor; `beforeApply`: each edit waits for approval in the chat. */
  editReview: 'afterApply' | 'beforeApply';
  /** What happens to the editor when the agent changes a file. */
  openEditedFiles: 'background' | 'followAlong' | 'never';
}

/** Each preset's name in the pickers and the chat header, by id. */
export const providerLabels: Readonly<Record<string, string>> = Object.fromEntries(providerPresets.map((preset) => [preset.id, preset.label]));

/** The provider as the chat names it: `openai` with a base URL of the user's is any OpenAI-compatible server, as it always was. */
export function providerLabel(presetId: string, baseUrl: string | undefined): string {
  if (presetId === 'openai' && baseUrl !== undefined && baseUrl !== '') return 'OpenAI-compatible';
  return providerLabels[presetId] ?? presetId;
}

/** The preset `elbow.provider` names (user settings only: it decides where the key goes); an unknown id reads as `openai`. */
export function chosenPreset(): ProviderPreset {
  const id = userSetting<unknown>('provider');
  return presetOrOpenAI(typeof id === 'string' ? id : undefined);
}

function presetOrOpenAI(id: string | undefined): ProviderPreset {
  const preset = (id === undefined ? undefined : presetById(id)) ?? presetById('openai');
  if (preset === undefined) throw new Error('The preset table has no "openai" row.');
  return preset;
}

/** How Azure OpenAI requests are signed (`elbow.azure.authentication`, user settings only): the key, or a Microsoft Entra ID token. */
export function azureAuthentication(): 'apiKey' | 'entraId' {
  return userSetting<unknown>('azure.authentication') === 'entraId' ? 'entraId' : 'apiKey';
}

function elbowConfiguration(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('elbow');
}

/** A setting only the user's own settings set (see settingScopes.ts): a workspace's value is ignored. */
export function userSetting<T>(key: UserOnlySetting): T | undefined {
  return userValueOf(elbowConfiguration().inspect<T>(key));
}

/** A setting a workspace may set as it likes. */
export function workspaceSetting<T>(key: WorkspaceSetting): T | undefined {
  return elbowConfiguration().get<T>(key);
}

/** A list every scope adds to, each entry only narrowing (deny rules, protected and hidden paths); a workspace's `/regex/` deny rules are left out. */
export function narrowingList(key: NarrowingSetting): string[] {
  const fromWorkspace = key === 'commands.deny' ? (rule: string) => !isPatternRule(rule) : undefined;
  return joinedListOf(elbowConfiguration().inspect<unknown>(key), fromWorkspace);
}

/** A narrowing list's own entries in the user's and in the workspace's settings, for a command that edits them. */
export function narrowingListByScope(key: NarrowingSetting): { user: string[]; workspace: string[] } {
  const inspected = elbowConfiguration().inspect<unknown>(key);
  return { user: strings(inspected?.globalValue), workspace: strings(inspected?.workspaceValue) };
}

/** A limit every scope may lower but none may raise past the user's. */
export function narrowingLimit(key: NarrowingSetting): number | undefined {
  return smallestNumberOf(elbowConfiguration().inspect<unknown>(key));
}

/** `elbow.fallbackModels` as requests may be sent with them (a workspace may set it), and what was left out. */
export function fallbackModelSetting(preset: ProviderPreset, model: string): FallbackModelList {
  return usableFallbackModels(preset, model, stringList(workspaceSetting<unknown>('fallbackModels')));
}

/** The `elbow.*` settings the agent session runs with (contributes.configuration in package.json documents each). */
export function readAgentSettings(): AgentSettings {
  const preset = chosenPreset();
  const model = (workspaceSetting<string>('model') ?? '').trim();
  const baseUrl = endpointSetting();
  const azureApiVersion = (workspaceSetting<string>('azure.apiVersion') ?? '').trim();
  const chosenModel = model === '' ? (preset.defaultModel ?? '') : model;
  const named = userSetting<unknown>('provider');
  return {
    // A provider id no preset has is passed on, to be refused with a message, never read as OpenAI (whose key would go to the base URL).
    provider: typeof named === 'string' && named.trim() !== '' && presetById(named) === undefined ? named : preset.id,
    model: chosenModel,
    fallbackModels: fallbackModelSetting(preset, chosenModel).models,
    baseUrl: baseUrl === '' ? undefined : baseUrl,
    ...(azureApiVersion === '' ? {} : { azureApiVersion }),
    reasoningEffort: parseReasoningEffort(workspaceSetting<unknown>('reasoningEffort')) ?? 'default',
    maxTurns: clampInteger(narrowingLimit('maxTurns'), 1, 500, 50),
    requestTimeoutMs: clampInteger(workspaceSetting<number>('requestTimeoutSeconds'), 10, 3_600, 600) * 1_000,
    stallTimeoutMs: clampInteger(workspaceSetting<number>('stallTimeoutSeconds'), 0, 3_600, defaultStallTimeoutMs / 1_000) * 1_000,
    maxRetries: clampInteger(workspaceSetting<number>('maxRetries'), 0, 10, 5),
    toolCallsPerMessage: clampInteger(narrowingLimit('limits.toolCallsPerMessage'), 10, 5_000, 200),
    commandsPerMessage: clampInteger(narrowingLimit('limits.commandsPerMessage'), 1, 1_000, 30),
    maxParallelSubagents: clampInteger(narrowingLimit('subagents.maxParallel'), 0, 10, defaultParallelSubagents),
    models: parseModelOverrides(workspaceSetting<unknown>('models')).overrides,
    editFormat: parseEditFormat(workspaceSetting<unknown>('edits.format')) ?? 'auto',
    compaction: {
      compactToolResultsAtPercent: clampInteger(workspaceSetting<number>('context.compactToolResultsAt'), 10, 95, defaultCompactionSettings.compactToolResultsAtPercent),
      summarizeAtPercent: clampInteger(workspaceSetting<number>('context.summarizeAt'), 10, 95, defaultCompactionSettings.summarizeAtPercent),
      keepRecentToolResults: clampInteger(workspaceSetting<number>('context.keepRecentToolResults'), 0, 100, defaultCompactionSettings.keepRecentToolResults),
    },
  };
}

/** Read for each edit, so a change applies to the next one. */
export function readEditSettings(): EditSettings {
  return {
    editReview: userSetting<string>('edits.review') === 'beforeApply' ? 'beforeApply' : 'afterApply',
    openEditedFiles: oneOf(workspaceSetting<string>('edits.openEditedFiles'), ['background', 'followAlong', 'never'] as const, 'background'),
  };
}

/** Which new problems the model is told about after an edit (`elbow.edits.problemsAfterEdit`), read for each edit. */
export function readProblemsAfterEdit(): 'errors' | 'errorsAndWarnings' | 'off' {
  return oneOf(workspaceSetting<string>('edits.problemsAfterEdit'), ['errors', 'errorsAndWarnings', 'off'] as const, 'errors');
}

/** How Elbow's terminal is made (read for every new terminal): its program runs outside the sandbox, so only the user names it. */
export function readTerminalSettings(): TerminalSettings {
  return {
    shellPath: (userSetting<string>('terminal.shellPath') ?? '').trim(),
    shellArgs: strings(userSetting<unknown>('terminal.shellArgs')),
    integrationTimeoutMs: Math.round(Math.min(60, Math.max(1, workspaceSetting<number>('terminal.shellIntegrationTimeoutSeconds') ?? 6)) * 1000),
  };
}

/**
 * The sandbox settings. What widens the sandbox (turning it off, hosts, variables passed, home paths read) counts
 * only from the user's own settings: a repository's `.vscode/settings.json` cannot loosen it.
 * What narrows it (protected and hidden paths) counts from the workspace too.
 */
export function readSandboxSettings(): SandboxSettings {
  return {
    enabled: userSetting<boolean>('sandbox.enabled') !== false,
    allowedHosts: strings(userSetting<unknown>('sandbox.allowedHosts')),
    passEnvironment: strings(userSetting<unknown>('sandbox.passEnvironment')),
    readableHomePaths: strings(userSetting<unknown>('sandbox.readableHomePaths')),
    protectedPaths: [...narrowingList('sandbox.protectedPaths'), ...workspaceFileInFolders()],
    hiddenPaths: narrowingList('sandbox.hiddenPaths'),
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
 * a server of its choosing.
 */
export function endpointSetting(): string {
  const value = userSetting<unknown>('baseUrl');
  return typeof value === 'string' ? value.trim() : '';
}

/** Where a setting the user changes from Elbow's UI is written: the workspace when it already overrides the value there (never for a user-only setting). */
export function settingTarget(key: string): vscode.ConfigurationTarget {
  if ((userOnlySettings as readonly string[]).includes(key)) return vscode.ConfigurationTarget.Global;
  const inspected = elbowConfiguration().inspect(key);
  if (inspected?.workspaceFolderValue !== undefined || inspected?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace;
  return vscode.ConfigurationTarget.Global;
}

function clampInteger(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** The non-empty strings of a list setting, trimmed; anything else is left out. */
function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

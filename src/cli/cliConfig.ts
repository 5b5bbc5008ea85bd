import * as os from 'node:os';
import type { AgentSettings } from '../core/agent/agentSettings';
import { usableFallbackModels } from '../core/agent/fallbackModelList';
import { parseReasoningEffort, reasoningEffortSettings } from '../core/llm/reasoningEffort';
import { editFormatSettings, parseEditFormat } from '../core/tools/editFormat';
import { modelNameProblem } from '../core/llm/presets/modelNameProblem';
import { presetEndpoint } from '../core/llm/presets/presetEndpoint';
import { keyToSend } from '../core/llm/presets/presetKey';
import type { ProviderPreset } from '../core/llm/presets/providerPreset';
import { presetById, providerPresets } from '../core/llm/presets/providerPresets';
import { UsageError, type CliArguments } from './cliArguments';
import { elbowDataFolder, type DataFolderSystem } from '../node/dataFolder';
import { modelOverridesVariable, readModelOverridesVariable } from './modelOverridesVariable';

export interface CliConfig {
  /** From flags, else the environment (the model table's corrections from `ELBOW_MODELS`). */
  settings: AgentSettings;
  apiKey: string;
  /** Where Elbow keeps its files (archived transcripts). */
  dataFolder: string;
  /** Settings that were left out, one line each, for stderr. */
  warnings: string[];
}

type Environment = Record<string, string | undefined>;

export const reasoningEffortVariable = 'ELBOW_REASONING_EFFORT';
export const editFormatVariable = 'ELBOW_EDIT_FORMAT';
/** Fallback models when no `--fallback-model` is given: ids separated by commas, in order. */
export const fallbackModelsVariable = 'ELBOW_FALLBACK_MODELS';

/** The variables OpenAI's, Anthropic's and Azure's own SDKs and tools read, kept for the presets they belong to. */
const presetVariables: Readonly<Record<string, { model?: string; baseUrl?: string }>> = {
  openai: { model: 'OPENAI_MODEL', baseUrl: 'OPENAI_API_BASE' },
  anthropic: { model: 'ANTHROPIC_MODEL', baseUrl: 'ANTHROPIC_BASE_URL' },
  azure: { baseUrl: 'AZURE_OPENAI_ENDPOINT' },
};

export const azureApiVersionVariable = 'AZURE_OPENAI_API_VERSION';

const thisSystem: DataFolderSystem = { platform: process.platform, home: os.homedir() };

/** Flags win over the environment; a missing key is a UsageError naming the variable to set. */
export function resolveCliConfig(args: CliArguments, env: Environment, system: DataFolderSystem = thisSystem): CliConfig {
  const preset = choosePreset(args.provider ?? nonEmpty(env.ELBOW_PROVIDER), env);
  const variables = presetVariables[preset.id] ?? {};
  const apiKey = keyToSend(preset, preset.keyVariable === undefined ? undefined : env[preset.keyVariable]);
  if (apiKey === undefined) throw new UsageError(missingKey(preset));
  // The user's endpoint only: the preset's own is the provider's default.
  const userBaseUrl = args.baseUrl ?? (variables.baseUrl === undefined ? undefined : nonEmpty(env[variables.baseUrl]));
  const endpoint = presetEndpoint(preset, userBaseUrl);
  if (!endpoint.ok) throw new UsageError(`${endpoint.problem} Use --base-url.`);
  const model = args.model ?? (variables.model === undefined ? undefined : nonEmpty(env[variables.model])) ?? preset.defaultModel;
  if (model === undefined) throw new UsageError(`No model for ${preset.label}: name ${preset.keyHeader === 'api-key' ? 'the deployment' : 'the model the server runs'} with --model.`);
  const modelProblem = modelNameProblem(preset, model);
  if (modelProblem !== undefined) throw new UsageError(modelProblem);
  const azureApiVersion = args.azureApiVersion ?? nonEmpty(env[azureApiVersionVariable]);
  const models = readModelOverridesVariable(env[modelOverridesVariable]);
  const effortVariable = nonEmpty(env[reasoningEffortVariable]);
  const effortFromEnvironment = effortVariable === undefined ? undefined : parseReasoningEffort(effortVariable);
  const fallbacks = usableFallbackModels(preset, model, args.fallbackModels.length > 0 ? args.fallbackModels : modelList(env[fallbackModelsVariable]));
  const warnings = models.problems.map((problem) => `${modelOverridesVariable}: ${problem}`);
  warnings.push(...fallbacks.problems.map((problem) => `${args.fallbackModels.length > 0 ? '--fallback-model' : fallbackModelsVariable}: ${problem}`));
  if (effortVariable !== undefined && effortFromEnvironment === undefined && args.reasoningEffort === undefined) {
    warnings.push(`${reasoningEffortVariable}: "${effortVariable}" is not one of ${reasoningEffortSettings.join(', ')}; left out.`);
  }
  const formatVariable = nonEmpty(env[editFormatVariable]);
  const formatFromEnvironment = formatVariable === undefined ? undefined : parseEditFormat(formatVariable);
  if (formatVariable !== undefined && formatFromEnvironment === undefined && args.editFormat === undefined) {
    warnings.push(`${editFormatVariable}: "${formatVariable}" is not one of ${editFormatSettings.join(', ')}; left out.`);
  }
  return {
    settings: {
      provider: preset.id,
      model,
      baseUrl: userBaseUrl,
      ...(azureApiVersion === undefined ? {} : { azureApiVersion }),
      reasoningEffort: args.reasoningEffort ?? effortFromEnvironment ?? 'default',
      editFormat: args.editFormat ?? formatFromEnvironment ?? 'auto',
      maxTurns: args.maxTurns,
      ...(args.stallTimeoutSeconds === undefined ? {} : { stallTimeoutMs: Math.round(args.stallTimeoutSeconds * 1_000) }),
      models: models.overrides,
      fallbackModels: fallbacks.models,
      ...(args.maxParallelSubagents === undefined ? {} : { maxParallelSubagents: args.maxParallelSubagents }),
    },
    apiKey,
    dataFolder: elbowDataFolder(env, system),
    warnings,
  };
}

function choosePreset(requested: string | undefined, env: Environment): ProviderPreset {
  if (requested === undefined) return presetNamed(!nonEmpty(env.OPENAI_API_KEY) && nonEmpty(env.ANTHROPIC_API_KEY) ? 'anthropic' : 'openai');
  const preset = presetById(requested.trim().toLowerCase());
  if (preset === undefined) throw new UsageError(`Unknown provider "${requested}": use one of ${providerPresets.map((row) => row.id).join(', ')}.`);
  return preset;
}

function presetNamed(id: string): ProviderPreset {
  const preset = presetById(id);
  if (preset === undefined) throw new Error(`The preset table has no "${id}" row.`);
  return preset;
}

function missingKey(preset: ProviderPreset): string {
  if (preset.id === 'openai') return 'No API key: set OPENAI_API_KEY (and OPENAI_API_BASE for another OpenAI-compatible server), or pick another provider with --provider (elbow --help lists them).';
  return `No ${preset.label} API key: set ${preset.keyVariable ?? 'its key variable'}${preset.keyHeader === 'api-key' ? '' : ' (or pick another provider with --provider)'}.`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function modelList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
}

import * as os from 'node:os';
import type { AgentSettings } from '../core/agent/agentSettings';
import { parseReasoningEffort, reasoningEffortSettings } from '../core/llm/reasoningEffort';
import { apiKeyVariables, defaultModels, type ProviderName } from '../core/llm/providers/createProvider';
import { UsageError, type CliArguments } from './cliArguments';
import { elbowDataFolder, type DataFolderSystem } from './dataFolder';
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
/** Fallback models when no `--fallback-model` is given: ids separated by commas, in order. */
export const fallbackModelsVariable = 'ELBOW_FALLBACK_MODELS';

/** Where each provider's settings come from, and what to say when its key is missing. */
const providerSettings: Record<ProviderName, { keyVariable: string; modelVariable: string; baseUrlVariable: string; defaultModel: string; missingKey: string }> = {
  openai: {
    keyVariable: apiKeyVariables.openai,
    modelVariable: 'OPENAI_MODEL',
    baseUrlVariable: 'OPENAI_API_BASE',
    defaultModel: defaultModels.openai,
    missingKey: 'No API key: set OPENAI_API_KEY (and OPENAI_API_BASE for another OpenAI-compatible server), or ANTHROPIC_API_KEY with --provider anthropic.',
  },
  anthropic: {
    keyVariable: apiKeyVariables.anthropic,
    modelVariable: 'ANTHROPIC_MODEL',
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    defaultModel: defaultModels.anthropic,
    missingKey: 'No Anthropic API key: set ANTHROPIC_API_KEY (or use --provider openai with OPENAI_API_KEY).',
  },
};

const thisSystem: DataFolderSystem = { platform: process.platform, home: os.homedir() };

/** Flags win over the environment; a missing key is a UsageError naming the variable to set. */
export function resolveCliConfig(args: CliArguments, env: Environment, system: DataFolderSystem = thisSystem): CliConfig {
  const provider = chooseProvider(args.provider ?? nonEmpty(env.ELBOW_PROVIDER), env);
  const settings = providerSettings[provider];
  const apiKey = nonEmpty(env[settings.keyVariable]);
  if (!apiKey) throw new UsageError(settings.missingKey);
  const models = readModelOverridesVariable(env[modelOverridesVariable]);
  const effortVariable = nonEmpty(env[reasoningEffortVariable]);
  const effortFromEnvironment = effortVariable === undefined ? undefined : parseReasoningEffort(effortVariable);
  const warnings = models.problems.map((problem) => `${modelOverridesVariable}: ${problem}`);
  if (effortVariable !== undefined && effortFromEnvironment === undefined && args.reasoningEffort === undefined) {
    warnings.push(`${reasoningEffortVariable}: "${effortVariable}" is not one of ${reasoningEffortSettings.join(', ')}; left out.`);
  }
  return {
    settings: {
      provider,
      model: args.model ?? nonEmpty(env[settings.modelVariable]) ?? settings.defaultModel,
      baseUrl: args.baseUrl ?? nonEmpty(env[settings.baseUrlVariable]),
      reasoningEffort: args.reasoningEffort ?? effortFromEnvironment ?? 'default',
      maxTurns: args.maxTurns,
      ...(args.stallTimeoutSeconds === undefined ? {} : { stallTimeoutMs: Math.round(args.stallTimeoutSeconds * 1_000) }),
      models: models.overrides,
      fallbackModels: args.fallbackModels.length > 0 ? args.fallbackModels : modelList(env[fallbackModelsVariable]),
    },
    apiKey,
    dataFolder: elbowDataFolder(env, system),
    warnings,
  };
}

function chooseProvider(requested: string | undefined, env: Environment): ProviderName {
  if (requested === undefined) return !nonEmpty(env.OPENAI_API_KEY) && nonEmpty(env.ANTHROPIC_API_KEY) ? 'anthropic' : 'openai';
  const name = requested.toLowerCase();
  if (name === 'openai' || name === 'anthropic') return name;
  throw new UsageError(`Unknown provider "${requested}": use openai (any OpenAI-compatible server) or anthropic.`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function modelList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
}

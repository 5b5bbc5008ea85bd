import type { CliArguments } from './cliArguments';
import { UsageError } from './cliArguments';

export type ProviderName = 'openai' | 'anthropic';

export interface CliConfig {
  provider: ProviderName;
  apiKey: string;
  model: string;
  baseUrl?: string;
  maxTurns?: number;
}

export const defaultModels: Record<ProviderName, string> = {
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-6',
};

type Environment = Record<string, string | undefined>;

/** Flags win over the environment; a missing key is a UsageError naming the variable to set. */
export function resolveCliConfig(args: CliArguments, env: Environment): CliConfig {
  const provider = chooseProvider(args.provider ?? nonEmpty(env.ELBOW_PROVIDER), env);
  if (provider === 'anthropic') {
    const apiKey = nonEmpty(env.ANTHROPIC_API_KEY);
    if (!apiKey) throw new UsageError('No Anthropic API key: set ANTHROPIC_API_KEY (or use --provider openai with OPENAI_API_KEY).');
    return {
      provider,
      apiKey,
      model: args.model ?? nonEmpty(env.ANTHROPIC_MODEL) ?? defaultModels.anthropic,
      baseUrl: args.baseUrl ?? nonEmpty(env.ANTHROPIC_BASE_URL),
      maxTurns: args.maxTurns,
    };
  }
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  if (!apiKey) throw new UsageError('No API key: set OPENAI_API_KEY (and OPENAI_API_BASE for another OpenAI-compatible server), or ANTHROPIC_API_KEY with --provider anthropic.');
  return {
    provider,
    apiKey,
    model: args.model ?? nonEmpty(env.OPENAI_MODEL) ?? defaultModels.openai,
    baseUrl: args.baseUrl ?? nonEmpty(env.OPENAI_API_BASE),
    maxTurns: args.maxTurns,
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

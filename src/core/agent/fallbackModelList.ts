import { modelNameProblem } from '../llm/presets/modelNameProblem';
import type { ProviderPreset } from '../llm/presets/providerPreset';

/**
 * How many fallbacks one run may ask. Each takes over only after the one before stayed unavailable,
 * so a few cover any real outage, and a list set by a workspace cannot make one message send hundreds of requests.
 */
export const maxFallbackModels = 3;

export interface FallbackModelList {
  /** The fallbacks requests may be sent with, in order. */
  models: string[];
  /** What was left out and why, one sentence each. */
  problems: string[];
}

/**
 * The fallback models a request may be sent with: names the preset can send (the same check as the
 * model's: Azure puts a deployment into the request path), without blanks, repeats or the model
 * itself, at most `maxFallbackModels`. With no preset known, none.
 */
export function usableFallbackModels(preset: ProviderPreset | undefined, model: string, fallbacks: readonly string[] = []): FallbackModelList {
  if (preset === undefined) return { models: [], problems: fallbacks.length === 0 ? [] : ['No fallback model is used with an unknown provider.'] };
  const problems: string[] = [];
  const models: string[] = [];
  for (const name of fallbacks.map((fallback) => fallback.trim())) {
    if (name === '' || name === model || models.includes(name)) continue;
    const problem = modelNameProblem(preset, name);
    if (problem === undefined) models.push(name);
    else problems.push(`${problem} Left out of the fallback models.`);
  }
  const extra = models.splice(maxFallbackModels);
  if (extra.length > 0) problems.push(`${models.length + extra.length} fallback models: only the first ${maxFallbackModels} are used; ${extra.length} left out (${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', …' : ''}).`);
  return { models, problems };
}

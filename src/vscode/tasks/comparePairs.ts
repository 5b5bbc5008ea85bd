import { presetEndpoint } from '../../core/llm/presets/presetEndpoint';
import { presetById, providerPresets } from '../../core/llm/presets/providerPresets';

/** One model on one provider: what a compared task runs with. */
export interface ModelPair {
  provider: string;
  model: string;
}

/** A pair offered in the picker, with why it is offered. */
export interface PairCandidate extends ModelPair {
  /** The chat's own model, one of its fallback models, the model a provider's preset names. */
  source: 'chat' | 'fallback' | 'preset';
}

export const fewestComparedModels = 2;
export const mostComparedModels = 4;

/** Why this many pairs cannot be compared, or `undefined` when they can. */
export function pairCountProblem(count: number): string | undefined {
  if (count < fewestComparedModels) {
    return `Pick at least ${fewestComparedModels} models to compare (${count === 0 ? 'none was' : 'only 1 was'} picked).`;
  }
  if (count > mostComparedModels) {
    return `Pick at most ${mostComparedModels} models to compare (${count} were picked): each runs the whole task in a worktree of its own.`;
  }
  return undefined;
}

export interface PairSources {
  /** The chat's provider and model. */
  provider: string;
  model: string;
  /** The chat's fallback models (same provider). */
  fallbackModels: readonly string[];
  /** Providers other than the chat's whose API key is set. */
  providersWithKeys: readonly string[];
}

/**
 * The pairs to pick from: the chat's, its fallback models, the model its provider's preset names, then the preset
 * model of every other provider with a key that needs no endpoint of the user's (a task cannot be given one). No pair twice.
 */
export function pairCandidates(sources: PairSources): PairCandidate[] {
  const candidates: PairCandidate[] = [];
  const add = (provider: string, model: string | undefined, source: PairCandidate['source']) => {
    const name = model?.trim() ?? '';
    if (name === '' || candidates.some((candidate) => sameModelPair(candidate, { provider, model: name }))) return;
    candidates.push({ provider, model: name, source });
  };
  add(sources.provider, sources.model, 'chat');
  for (const model of sources.fallbackModels) add(sources.provider, model, 'fallback');
  add(sources.provider, presetById(sources.provider)?.defaultModel, 'preset');
  for (const preset of providerPresets) {
    if (preset.id === sources.provider || !sources.providersWithKeys.includes(preset.id)) continue;
    if (presetEndpoint(preset, undefined).ok) add(preset.id, preset.defaultModel, 'preset');
  }
  return candidates;
}

/** Providers a typed model may run on: the chat's, and those that need no endpoint of the user's. */
export function typedModelProviders(chatProvider: string): string[] {
  return providerPresets.filter((preset) => preset.id === chatProvider || presetEndpoint(preset, undefined).ok).map((preset) => preset.id);
}

export function sameModelPair(one: ModelPair, other: ModelPair): boolean {
  return one.provider === other.provider && one.model === other.model;
}

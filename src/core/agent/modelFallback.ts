import type { ProviderError } from '../llm/providerError';
import type { ProviderPreset } from '../llm/presets/providerPreset';
import { usableFallbackModels } from './fallbackModelList';

/** A model the next one takes over from, and why: `reason` in a few words, `detail` the failure as the server put it. */
export interface ModelSwitch {
  from: string;
  to: string;
  reason: string;
  detail: string;
}

/** How hosts announce a switch: "Switched to b: a stayed overloaded (The API is overloaded (529): Overloaded)." */
export function modelSwitchText(change: ModelSwitch): string {
  return `Switched to ${change.to}: ${change.reason} (${change.detail.replace(/\.$/, '')}).`;
}

/**
 * The model a run asks, and the fallbacks that take over, in order, when it stays overloaded or
 * unavailable after its retries. Once switched, the run keeps the fallback to its end.
 */
export class ModelFallback {
  private index = 0;
  private readonly models: readonly string[];

  /**
   * `fallbacks` as the settings hold them: only those `usableFallbackModels` keeps (names the preset
   * can send, no repeats, at most three) are ever asked, whichever host built the settings.
   */
  constructor(preset: ProviderPreset | undefined, model: string, fallbacks: readonly string[] = []) {
    this.models = [model, ...usableFallbackModels(preset, model, fallbacks).models];
  }

  get model(): string {
    return this.models[this.index] ?? this.models[0] ?? '';
  }

  /** Moves to the next fallback when `error` says the model stays unavailable; `undefined` when there is none or the failure is of another kind. */
  next(error: ProviderError): ModelSwitch | undefined {
    const reason = unavailableReason(error, this.model);
    if (reason === undefined || this.index + 1 >= this.models.length) return undefined;
    const from = this.model;
    this.index++;
    return { from, to: this.model, reason, detail: error.message };
  }
}

/**
 * Failures another model may not share: overload and server errors that outlasted the retries,
 * and a model the server does not serve (404; OpenAI-compatible servers answer an unknown model so).
 */
function unavailableReason(error: ProviderError, model: string): string | undefined {
  if (error.kind === 'overloaded') return `${model} stayed overloaded`;
  if (error.kind === 'server') return `${model} kept failing with server errors`;
  if (error.kind === 'bad_request' && error.status === 404) return `${model} is not available at this endpoint`;
  return undefined;
}

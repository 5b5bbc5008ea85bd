import type { ProviderError } from '../llm/providerError';
import { maxFallbackModels } from './fallbackModelList';

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

  /** `fallbacks` as `usableFallbackModels` left them: names the preset can send. */
  constructor(model: string, fallbacks: readonly string[] = []) {
    const distinct = fallbacks.filter((fallback, at) => fallback !== model && fallbacks.indexOf(fallback) === at);
    this.models = [model, ...distinct.slice(0, maxFallbackModels)];
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

import type { ModelLimits } from '../core/llm/modelCatalog';

/**
 * Said once at start when Elbow does not know the model: its conservative defaults make
 * compaction start early and leave costs unknown, and one variable fixes that.
 */
export function unknownModelHint(model: string, limits: ModelLimits): string | undefined {
  if (limits.known) return undefined;
  const window = limits.contextWindow.toLocaleString('en-US');
  // A local server is free, so only a remote unknown model lacks prices.
  const prices = limits.prices === undefined ? ' and no prices' : '';
  return `elbow: model "${model}" is not in Elbow's model table; assuming a ${window}-token window (compaction starts early)${prices}. `
    + `Set its window in ELBOW_MODELS, e.g. ELBOW_MODELS='{${JSON.stringify(model)}: {"contextWindow": 131072}}'.`;
}

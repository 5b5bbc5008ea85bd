import type { ModelLimits } from '../../core/llm/modelCatalog';
import { UsageError } from '../cliArguments';
import { modelOverridesVariable } from '../modelOverridesVariable';

/**
 * `--max-budget-usd` with a model whose prices Elbow does not know could never stop the run: it
 * does not start, and the error says how to give the prices.
 */
export function requirePricesForBudget(maxBudgetUsd: number | undefined, model: string, limits: ModelLimits | undefined): void {
  if (maxBudgetUsd === undefined || limits?.prices !== undefined) return;
  const example = JSON.stringify({ [model]: { inputPrice: 3, outputPrice: 15 } });
  throw new UsageError(`--max-budget-usd needs the model's prices, and Elbow does not know what "${model}" costs. `
    + `Give them in US dollars per million tokens in ${modelOverridesVariable}, e.g. ${modelOverridesVariable}='${example}'.`);
}

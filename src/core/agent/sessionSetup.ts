import { contextBudget, type ContextBudget } from '../context/contextBudget';
import type { ModelLimits } from '../llm/modelCatalog';
import type { Provider } from '../llm/provider';
import type { ToolRegistry } from '../tools/registry';
import { noCustomizations, type Customizations } from '../customize/customizations';
import type { AgentSettings } from './agentSettings';
import { defaultRetryPolicy, type RetryPolicy } from './retryPolicy';

export const defaultMaxTurns = 50;

/**
 * What a session runs with, worked out once when it is made: the session keeps it and hands it
 * whole to each run of the loop, which reads what it needs.
 */
export interface SessionSetup {
  /** The user's settings; those of the provider (endpoint, timeouts, reasoning) are already in `provider`. */
  readonly settings: AgentSettings;
  readonly provider: Provider;
  readonly system: string;
  readonly registry: ToolRegistry;
  /** The model's window, output limit and prices; without them the history is never compacted and costs are unknown. */
  readonly limits?: ModelLimits;
  /** The token sizes compaction works with, from `limits` and the compaction settings. */
  readonly budget?: ContextBudget;
  readonly retry: RetryPolicy;
  /** Model turns in one run before it stops. */
  readonly maxTurns: number;
  /** The skills, commands, agents and hooks found when the session was made. */
  readonly customizations: Customizations;
}

export interface SessionSetupParts {
  settings: AgentSettings;
  provider: Provider;
  system: string;
  registry: ToolRegistry;
  limits?: ModelLimits;
  /** The budget the provider's output limit was taken from, when one was; otherwise it is worked out here from `limits`. */
  budget?: ContextBudget;
  /** By default the default policy with the settings' number of retries. */
  retry?: RetryPolicy;
  customizations?: Customizations;
}

export function sessionSetup(parts: SessionSetupParts): SessionSetup {
  const { settings, limits } = parts;
  return {
    ...parts,
    budget: parts.budget ?? (limits === undefined ? undefined : contextBudget(limits, settings.compaction)),
    retry: parts.retry ?? { ...defaultRetryPolicy, maxRetries: settings.maxRetries ?? defaultRetryPolicy.maxRetries },
    maxTurns: settings.maxTurns ?? defaultMaxTurns,
    customizations: parts.customizations ?? noCustomizations,
  };
}

/** When compaction starts, as the user sets it (VS Code `elbow.context.*`). */
export interface CompactionSettings {
  /** Shorten older tool results once a request would fill this share of the usable window (percent). */
  compactToolResultsAtPercent: number;
  /** Summarise the conversation once a request would fill this share of the usable window (percent). */
  summarizeAtPercent: number;
  /** The most recent tool results always kept whole. */
  keepRecentToolResults: number;
}

export const defaultCompactionSettings: CompactionSettings = {
  compactToolResultsAtPercent: 50,
  summarizeAtPercent: 80,
  keepRecentToolResults: 5,
};

/** The token sizes compaction works with, for one model. */
export interface ContextBudget {
  windowTokens: number;
  /** Room kept free for the reply (and asked for as the output limit where the API needs one). */
  outputReserve: number;
  /** Layer 1 runs when the estimate reaches this. */
  compactToolResultsAt: number;
  /** Layer 2 runs when the estimate reaches this. */
  summarizeAt: number;
  keepRecentToolResults: number;
  /**
   * A layer-1 batch runs only when it brings the request down to this (a fifth under its
   * threshold), so the next crossing is turns away; when it cannot, shortening has done what
   * it can and the summary at the second threshold comes next.
   */
  toolResultsTarget: number;
}

/** A reply rarely needs more; a larger reserve would only shrink the room for the conversation. */
const MAX_OUTPUT_RESERVE = 32_000;

export function contextBudget(limits: { contextWindow: number; maxOutputTokens: number }, settings: CompactionSettings = defaultCompactionSettings): ContextBudget {
  const windowTokens = Math.max(1_000, Math.round(limits.contextWindow));
  const outputReserve = Math.max(256, Math.min(Math.round(limits.maxOutputTokens), MAX_OUTPUT_RESERVE, Math.floor(windowTokens / 4)));
  const usable = windowTokens - outputReserve;
  const summarizePercent = clampPercent(settings.summarizeAtPercent, defaultCompactionSettings.summarizeAtPercent);
  // Above the summary threshold, tool results are only shortened when summarising fails.
  const toolResultsPercent = clampPercent(settings.compactToolResultsAtPercent, defaultCompactionSettings.compactToolResultsAtPercent);
  const compactToolResultsAt = Math.floor((usable * toolResultsPercent) / 100);
  return {
    windowTokens,
    outputReserve,
    compactToolResultsAt,
    summarizeAt: Math.floor((usable * summarizePercent) / 100),
    keepRecentToolResults: Number.isFinite(settings.keepRecentToolResults) ? Math.max(0, Math.round(settings.keepRecentToolResults)) : defaultCompactionSettings.keepRecentToolResults,
    toolResultsTarget: Math.floor(compactToolResultsAt * 0.8),
  };
}

function clampPercent(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(95, Math.max(10, value)) : fallback;
}

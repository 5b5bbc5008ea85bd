import type { AgentEvent } from '../core/agent/agentEvents';

/** How full the context window is, as last measured or estimated. */
export interface ContextReading {
  usedTokens: number;
  windowTokens: number;
  estimated: boolean;
}

/** The reading after `event`: a `context` event measures the window; a compaction leaves its estimate of the smaller history. */
export function updatedContextReading(previous: ContextReading | undefined, event: AgentEvent): ContextReading | undefined {
  switch (event.type) {
    case 'context':
      return { usedTokens: event.usedTokens, windowTokens: event.windowTokens, estimated: event.estimated };
    case 'compaction':
    case 'compaction_failed':
      return previous === undefined ? undefined : { ...previous, usedTokens: event.afterTokens, estimated: true };
    default:
      return previous;
  }
}

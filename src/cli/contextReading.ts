import type { AgentEvent } from '../core/agent/agentEvents';

/** How full the context window is, as last measured or estimated. */
export interface ContextReading {
  usedTokens: number;
  windowTokens: number;
  estimated: boolean;
}

/** The reading after `event`: each `context` event (before and after a request, and after a compaction) replaces it. */
export function updatedContextReading(previous: ContextReading | undefined, event: AgentEvent): ContextReading | undefined {
  if (event.type !== 'context') return previous;
  return { usedTokens: event.usedTokens, windowTokens: event.windowTokens, estimated: event.estimated };
}

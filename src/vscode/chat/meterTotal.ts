import type { AgentEvent } from '../../core/agent/agentEvents';
import type { UsageTotals } from '../../core/context/usageTotals';

/** The conversation's totals an event brings for the usage meter: after a request of its own or of a subagent (whose totals count the children). */
export function meterTotalOf(event: AgentEvent): UsageTotals | undefined {
  return event.type === 'usage' || event.type === 'subagent' ? event.total : undefined;
}

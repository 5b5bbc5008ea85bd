import type { AgentEvent } from '../core/agent/agentEvents';
import { formatTokenCount } from '../format/tokenCount';

type CompactionEvent = Extract<AgentEvent, { type: 'compaction_start' | 'compaction' | 'compaction_failed' }>;

/** One line telling the user why a run paused and what happened to the history. */
export function compactionLine(event: CompactionEvent): string {
  switch (event.type) {
    case 'compaction_start':
      return 'Summarising earlier messages to free context…';
    case 'compaction': {
      const reduction = `${formatTokenCount(event.beforeTokens)} → ${formatTokenCount(event.afterTokens)} tokens`;
      if (event.layer === 1) return `${event.newest === true ? 'Newest tool results cut to fit the window' : 'Older tool results shortened'} — ${reduction}${resultCount(event.shortenedResults)}.`;
      return `Earlier messages summarised — ${reduction}.${event.archive === undefined ? '' : ` Full transcript: ${event.archive}`}`;
    }
    case 'compaction_failed': {
      const kept = event.shortenedResults > 0 ? 'The full history was kept; older tool results were shortened instead.' : 'The full history was kept.';
      return `Could not summarise earlier messages: ${event.message.trim().replace(/\.$/, '')}. ${kept}`;
    }
  }
}

function resultCount(count: number | undefined): string {
  if (count === undefined) return '';
  return count === 1 ? ' (1 result)' : ` (${count} results)`;
}

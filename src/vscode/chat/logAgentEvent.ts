import type * as vscode from 'vscode';
import type { AgentEvent } from '../../core/agent/agentEvents';
import type { StoredConversation } from './conversationStore';

/** One line in the Elbow log for the events worth knowing about afterwards (never file contents or keys). */
export function logAgentEvent(log: vscode.LogOutputChannel, event: AgentEvent, conversation: Pick<StoredConversation, 'model' | 'messages'>): void {
  if (event.type === 'turn_start') log.info(`Request ${event.turn} to ${conversation.model?.model ?? 'the model'} (${conversation.messages.length} messages).`);
  else if (event.type === 'tool_call') log.info(`Tool ${event.name}: ${event.title}`);
  else if (event.type === 'tool_result' && event.isError) log.warn(`Tool ${event.name} failed: ${event.summary}`);
  else if (event.type === 'reply_discarded') log.warn(`Partial reply discarded: ${event.reason}`);
  else if (event.type === 'reply_cut') log.warn(`Reply cut off (${event.cause}): ${event.message}`);
  else if (event.type === 'retry') log.warn(`Retry ${event.attempt}/${event.maxAttempts} in ${event.delayMs} ms: ${event.reason}`);
  else if (event.type === 'usage') log.debug(`Usage: ${event.usage.inputTokens} in, ${event.usage.outputTokens} out, ${event.usage.cacheReadTokens} cache read, ${event.usage.cacheWriteTokens} cache write; cost ${event.cost === null || event.cost === undefined ? 'unknown' : `$${event.cost.toFixed(4)}`}.`);
  else if (event.type === 'compaction') log.info(`Compaction (${event.reason}): ${event.layer === 1 ? `${event.shortenedResults ?? 0} ${event.newest === true ? 'newest tool results cut to fit the window' : 'older tool results shortened'}` : `history summarised${event.archive === undefined ? '' : `, transcript archived at ${event.archive}`}`}, ${event.beforeTokens} → ${event.afterTokens} tokens.`);
  else if (event.type === 'compaction_failed') log.warn(`Summarising the conversation failed (${event.reason}): ${event.message}. The history was kept; ${event.shortenedResults} older tool results shortened.`);
  else if (event.type === 'done' && event.outcome.reason === 'error') log.error(`Request failed (${event.outcome.kind}): ${event.outcome.message}`);
  else if (event.type === 'done') log.info(`Run ended: ${event.outcome.reason}.`);
}

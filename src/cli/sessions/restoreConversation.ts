import type { AgentSession } from '../../core/agent/agentSession';
import { storedTotals } from '../../core/context/usageTotals';
import type { CliConfig } from '../cliConfig';
import type { StoredConversation } from '../../node/conversations/conversationStore';

/** The saved history (repaired when loaded), totals, mode and agent become the new session's. */
export function restoreConversation(session: AgentSession, stored: StoredConversation): void {
  const { conversation } = session;
  for (const message of stored.messages) conversation.messages.push(message);
  conversation.totals = storedTotals(stored.usage, stored.cost);
  conversation.mode = stored.mode ?? 'act';
  if (stored.agent !== undefined) conversation.agent = stored.agent;
}

/** Said when the session goes on with another model than the one it was held with. */
export function modelChangeNote(stored: StoredConversation, config: CliConfig): string | undefined {
  const { provider, model } = config.settings;
  if (stored.model === undefined || (stored.model.provider === provider && stored.model.model === model)) return undefined;
  return `elbow: this session was held with ${stored.model.provider} ${stored.model.model}; it goes on with ${provider} ${model}.\n`;
}

/** The chat's first line when it carries on a session: which one, how long, when last. */
export function sessionRecap(stored: StoredConversation): string {
  const turns = stored.items.filter((item) => item.kind === 'user').length;
  return `Resuming "${stored.title}": ${turns} turn${turns === 1 ? '' : 's'}, last active ${localTime(stored.updatedAt)}.\n`;
}

export function localTime(epochMs: number): string {
  const at = new Date(epochMs);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

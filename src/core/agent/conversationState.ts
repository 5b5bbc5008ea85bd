import { storedTotals, type UsageTotals } from '../context/usageTotals';
import type { Message, Usage, UserMessage } from '../llm/messages';
import type { ConversationMode } from '../tools/conversationMode';
import { attachPlanModeNote } from './planModeNote';
import { repairHistory } from './repairHistory';

/** A child's conversation, kept so a later `task` call can continue it. */
export interface Subtask {
  agent: string;
  conversation: ConversationState;
  /** A continued task runs one prompt at a time. */
  running: boolean;
}

/**
 * A conversation as the agent works on it, kept by whoever owns the conversation (a run) and
 * lent to each session made for it: the session appends to the history, adds to the totals and
 * reads the mode at each message, so nothing is copied back when a session is dropped.
 */
export interface ConversationState {
  readonly messages: Message[];
  /** Tokens and cost of the whole conversation so far. */
  totals: UsageTotals;
  /** In plan mode the tools change nothing; a change applies from the next message. */
  mode: ConversationMode;
  /** The custom agent picked (its name); absent: the built-in Agent, or Plan in plan mode. */
  agent?: string;
  /** The children of its `task` calls, by task id, to be continued; kept while the conversation is open, not stored. */
  subtasks?: Map<string, Subtask>;
}

export interface StoredConversationParts {
  messages?: Message[];
  usage?: Usage;
  /** `null`: unknown; absent: stored before costs were kept. */
  cost?: number | null;
  mode?: ConversationMode;
  agent?: string;
}

/**
 * The state of a conversation continued from storage. Its history is repaired in place, as a
 * reload may have cut a run short: the array given is the one the state keeps.
 */
export function conversationState(stored: StoredConversationParts = {}): ConversationState {
  const messages = stored.messages ?? [];
  const repaired = repairHistory(messages);
  // In place, element by element: the owner keeps its array, and a long history is not spread into one call's arguments.
  messages.length = 0;
  for (const message of repaired) messages.push(message);
  return { messages, totals: storedTotals(stored.usage, stored.cost), mode: stored.mode ?? 'act', ...(stored.agent === undefined ? {} : { agent: stored.agent }) };
}

/** The user's message (a subagent's task) joins the history, with plan mode's note when the conversation is in plan mode. */
export function joinHistory(conversation: ConversationState, message: UserMessage, subagent = false): void {
  conversation.messages.push(message);
  attachPlanModeNote(conversation.messages, conversation.mode, subagent);
}

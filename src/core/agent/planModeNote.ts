import type { Message } from '../llm/messages';
import type { ConversationMode } from '../tools/conversationMode';
import { attachNotes } from './attachNotes';

/** What the model is told with each message sent in plan mode (the tools enforce it either way). */
export const planModeNote =
  'Plan mode is on for this message: read, list, search and run read-only commands only; edits, writes, deletions and other commands are refused. Look into what you need, then answer with a concise numbered plan of the changes as your final message. The user will edit it and switch to act mode to carry it out.';

/** What a subagent in plan mode is told instead: its answer is a report for the agent that gave it the task, not a plan for the user. */
export const subagentPlanModeNote =
  'You work read-only for this task: read, list, search and run read-only commands only; edits, writes, deletions and other commands are refused. Find out what the task asks, then answer with your findings as your final message, with file paths and line numbers, for the agent that gave you the task.';

/**
 * Attaches the note to the user's message just added, in plan mode only: act mode adds nothing
 * to a request, and the earlier messages stay as they were, so the cached prefix still hits.
 */
export function attachPlanModeNote(messages: Message[], mode: ConversationMode, subagent = false): void {
  if (mode === 'plan') attachNotes(messages, [subagent ? subagentPlanModeNote : planModeNote]);
}

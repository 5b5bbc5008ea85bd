import type { Message, UserMessage } from '../llm/messages';
import type { ConversationMode } from '../tools/conversationMode';
import { attachPlanModeNote } from './planModeNote';

/** The user's message joins the history, with plan mode's note when the conversation is in plan mode. */
export function joinHistory(messages: Message[], message: UserMessage, mode: ConversationMode): void {
  messages.push(message);
  attachPlanModeNote(messages, mode);
}

import type { ConversationMode } from '../core/tools/conversationMode';

/** The chat's prompt shows plan mode, so a line is never sent in a mode the user forgot. */
export function promptFor(mode: ConversationMode): string {
  return mode === 'plan' ? 'You (plan): ' : 'You: ';
}

export function modeAnnouncement(mode: ConversationMode): string {
  return mode === 'plan'
    ? 'Plan mode: Elbow reads, searches and runs read-only commands, then answers with a plan; it changes nothing. /act to carry a plan out.\n'
    : 'Act mode: Elbow may edit files and run commands again (as your permissions allow).\n';
}

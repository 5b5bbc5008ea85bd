/** What the agent may do in a conversation: plan (read, search, read-only commands) or act (everything, as permissions allow). */
export type ConversationMode = 'plan' | 'act';

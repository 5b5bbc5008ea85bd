/** An agent a child can be: the built-in `explore` and `general`, or a custom agent of the user's or the workspace's. */
export interface SubagentChoice {
  name: string;
  /** For the model: what the agent is for and what it may do. */
  description: string;
}

/** What the `task` tool asks for: a child with its own context, running one prompt. */
export interface SubagentRequest {
  /** Three to five words, shown to the user on the child's card. */
  description: string;
  prompt: string;
  agent: string;
  /** Continues the child of that id with its context, instead of starting a new one. */
  taskId?: string;
}

/** How a child ended: its final answer (or why it has none) and its id, to continue it. */
export interface SubagentReport {
  taskId: string;
  agent: string;
  text: string;
  isError: boolean;
}

/**
 * Starts children for the `task` tool of one session's run. A child gets no more than its parent:
 * the same host, workspace guard, permission gate (so the same approvals, asked in the parent's chat),
 * mode and tool limits; its events reach the parent's host wrapped in `subagent` events.
 */
export interface Subagents {
  /** How deep this session is: 0 for the user's conversation, 1 for its children. */
  readonly depth: number;
  launch(request: SubagentRequest, callId: string, signal: AbortSignal): Promise<SubagentReport>;
}

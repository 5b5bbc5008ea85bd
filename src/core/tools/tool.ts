import type { z } from 'zod';
import type { CommandSession } from './builtin/commands/commandSession';
import type { AgentHost } from '../host/host';
import type { PermissionGate } from '../permissions/permissionGate';
import type { ImageBlock, TextBlock } from '../llm/messages';
import type { ResultLimit } from './resultLimit';
import type { ToolIdentity } from '../toolContract/toolIdentity';
import type { ConversationMode } from './conversationMode';
import type { AgentToolLimit } from './agentToolLimit';
import type { Workspace } from '../workspace/workspace';
import type { Subagents } from './subagents';
import type { ApprovalSubagent } from '../host/approvals';

export interface ToolContext {
  host: AgentHost;
  workspace: Workspace;
  signal: AbortSignal;
  /** The call being run (empty outside a model's tool call). */
  toolCallId?: string;
  /** Asks for or answers permission to run commands and to reach outside the workspace. */
  permissions: PermissionGate;
  /** The conversation's commands: outputs to read again, background processes. */
  commands: CommandSession;
  /** Summarises the conversation before the model's next turn (the `compact` tool). */
  compaction?: { request(focus: string | undefined): void };
  /** How much one result may hold, from the model's window; without it (window unknown) each tool's own limits apply. */
  resultLimit?: ResultLimit;
  /** The conversation's mode; in plan mode nothing may be changed (absent: act). */
  mode?: ConversationMode;
  /** The picked custom agent's tools: the others are refused (absent: every tool). */
  agent?: AgentToolLimit;
  /** Starts children for the `task` tool (absent: no subagents in this session). */
  subagents?: Subagents;
  /** In a subagent's session: the child whose calls these are (absent: the conversation's own calls). */
  subagent?: ApprovalSubagent;
}

export interface ToolOutput {
  content: string | Array<TextBlock | ImageBlock>;
  isError?: boolean;
  /** One line for the user, e.g. `Read src/app.ts (lines 1–200)`. */
  summary?: string;
  /** For commands: whether it ran in the OS sandbox or outside it (absent where no sandbox can run). */
  placement?: CommandRunPlacement;
}

export type CommandRunPlacement = 'sandboxed' | 'outsideSandbox';

export interface Tool<Schema extends z.ZodType = z.ZodType> extends ToolIdentity {
  /** A prompt for the model: what the tool does, when to use it, its limits. */
  description: string;
  inputSchema: Schema;
  /** Reads only: calls of read-only tools in one turn may run in parallel. */
  readOnly: boolean;
  /** Not read-only, yet lets through in plan mode what only reads (run_command: read-only commands); other such tools are refused there. */
  checksPlanMode?: boolean;
  execute(input: z.output<Schema>, context: ToolContext): Promise<ToolOutput>;
}

/** Keeps each tool's input type checked against its own schema. */
export function defineTool<Schema extends z.ZodType>(tool: Tool<Schema>): Tool<Schema> {
  return tool;
}

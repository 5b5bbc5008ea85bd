import { randomBytes } from 'node:crypto';
import type { ApprovalSubagent } from '../host/approvals';
import type { AgentHost } from '../host/host';
import type { TranscriptArchive } from '../host/transcriptArchive';
import type { PermissionGate } from '../permissions/permissionGate';
import type { SessionHooks } from '../customize/sessionHooks';
import type { AgentToolLimit } from '../tools/agentToolLimit';
import type { CommandSession } from '../tools/builtin/commands/commandSession';
import type { ConversationMode } from '../tools/conversationMode';
import { ToolError } from '../toolContract/toolError';
import type { SubagentReport, SubagentRequest, Subagents } from '../tools/subagents';
import type { AgentEventSink, RunOutcome } from './agentEvents';
import type { GuardRails } from './guardRails';
import { conversationState, type ConversationState, type Subtask } from './conversationState';
import type { ParallelSlots } from './parallelSlots';
import type { SessionSetup } from './sessionSetup';
import { subagentChoices, subagentProfile } from './subagentProfiles';

export type { Subtask } from './conversationState';

/** What a child session is made with besides its setup: its parent's parts, shared. */
export interface SubagentParent {
  host: AgentHost;
  setup: SessionSetup;
  permissions: PermissionGate;
  commands: CommandSession;
  hooks: SessionHooks;
  /** The parent's limits on calls without a word from the user, which its children's calls count toward. */
  guard: GuardRails;
  archive?: TranscriptArchive;
  mode: ConversationMode;
  limit?: AgentToolLimit;
  depth: number;
  /** The parent conversation's children, by task id. */
  subtasks: Map<string, Subtask>;
  slots: ParallelSlots;
}

/** Makes a child session; given by the session, so this file needs no import of it. */
export type ChildSessionFactory = (parent: SubagentParent, child: { conversation: ConversationState; limit?: AgentToolLimit; system: string; subagent: ApprovalSubagent }) => {
  send(prompt: string, emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome>;
};

/** Starts the children of one run of a session's loop; see `Subagents`. */
export class SubagentLauncher implements Subagents {
  constructor(
    private readonly parent: SubagentParent,
    private readonly emit: AgentEventSink,
    private readonly makeChild: ChildSessionFactory,
  ) {}

  get depth(): number {
    return this.parent.depth;
  }

  async launch(request: SubagentRequest, callId: string, signal: AbortSignal): Promise<SubagentReport> {
    const { parent } = this;
    const continued = request.taskId === undefined ? undefined : parent.subtasks.get(request.taskId);
    if (request.taskId !== undefined && continued === undefined) throw new ToolError(`There is no task "${request.taskId}" in this conversation. Leave task_id out to start a new task.`);
    if (continued?.running === true) throw new ToolError(`Task "${request.taskId}" is still running. Wait for its result before continuing it.`);
    const profile = subagentProfile(continued?.agent ?? request.agent, parent, parent.setup.registry, parent.setup.customizations);
    if (profile === undefined) {
      const names = subagentChoices(parent.setup.customizations).map((choice) => choice.name).join(', ');
      throw new ToolError(`There is no agent named "${request.agent}". Use one of: ${names}.`);
    }
    const taskId = request.taskId ?? newTaskId(parent.subtasks);
    const subtask = continued ?? { agent: profile.name, running: false, conversation: conversationState({ mode: profile.mode, ...(profile.customAgent === undefined ? {} : { agent: profile.customAgent }) }) };
    // The parent's mode of now: a task begun in act mode changes nothing once its parent is in plan mode.
    subtask.conversation.mode = profile.mode;
    parent.subtasks.set(taskId, subtask);
    const subagent = { taskId, description: request.description, agent: profile.name };
    const wrap: AgentEventSink = (event) => this.emit({ type: 'subagent', callId, ...subagent, event });
    const cancelled = (): RunOutcome => ({ reason: 'cancelled', message: 'Cancelled before the task started.' });
    // Taken before waiting for a slot, so a second continuation of the task is refused, not queued behind the first.
    subtask.running = true;
    let outcome: RunOutcome;
    try {
      outcome = await parent.slots.run(() => {
        const child = this.makeChild(parent, { conversation: subtask.conversation, ...(profile.limit === undefined ? {} : { limit: profile.limit }), system: subagentSystem(parent.setup.system), subagent });
        return child.send(request.prompt, wrap, signal);
      }, signal, cancelled);
    } finally {
      subtask.running = false;
    }
    return { taskId, agent: profile.name, ...reportOf(outcome) };
  }
}

function newTaskId(taken: ReadonlyMap<string, Subtask>): string {
  for (;;) {
    const id = `task_${randomBytes(4).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}

function reportOf(outcome: RunOutcome): { text: string; isError: boolean } {
  if (outcome.reason === 'completed') return { text: outcome.text, isError: false };
  return { text: `The task did not finish (${outcome.reason}): ${outcome.message}`, isError: true };
}

/** The parent's prompt (so the prompt cache is shared) and what a subagent is. */
function subagentSystem(system: string): string {
  return `${system}\n\n# You are a subagent\nAnother agent gave you the task in the user's message; it, not the user, reads your final answer. Work on the task alone (nobody will answer questions), then answer with a complete, concise report: what you found or did, with file paths and line numbers.`;
}

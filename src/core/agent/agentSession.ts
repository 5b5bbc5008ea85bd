import { randomUUID } from 'node:crypto';
import { agentChoices, pickAgent, pickedAgentName, pickedProfile, systemWithAgent, toolLimitOf, type AgentChoice } from './pickedAgent';
import { CommandSession } from '../tools/builtin/commands/commandSession';
import { SessionHooks } from '../customize/sessionHooks';
import { promptHooks } from './promptHooks';
import type { AgentHost } from '../host/host';
import type { ApprovalSubagent } from '../host/approvals';
import { addToTotals, type UsageTotals } from '../context/usageTotals';
import type { TranscriptArchive } from '../host/transcriptArchive';
import { userText, type Message, type Usage, type UserMessage } from '../llm/messages';
import { imageRefusal, userMessageOf } from '../llm/imageRefusal';
import type { ModelLimits } from '../llm/modelCatalog';
import { presetById } from '../llm/presets/providerPresets';
import { FixedPermissionSettings } from '../permissions/fixedPermissionSettings';
import { PermissionGate } from '../permissions/permissionGate';
import type { ConversationMode } from '../tools/conversationMode';
import { resultLimitFor } from '../tools/resultLimit';
import { Workspace } from '../workspace/workspace';
import type { AgentEvent, AgentEventSink, RunOutcome } from './agentEvents';
import { runAgentLoop } from './agentLoop';
import { ContextKeeper } from './contextKeeper';
import { defaultGuardRailLimits, GuardRails } from './guardRails';
import { ModelFallback } from './modelFallback';
import { conversationState, joinHistory, type ConversationState } from './conversationState';
import type { SessionSetup } from './sessionSetup';
import { SteeringMessages } from './steeringMessages';
import { defaultParallelSubagents, ParallelSlots } from './parallelSlots';
import { SubagentLauncher, type ChildSessionFactory } from './subagentLauncher';
import { maxSubagentDepth } from './subagentProfiles';
import type { AgentToolLimit } from '../tools/agentToolLimit';

export { defaultParallelSubagents } from './parallelSlots';

export interface AgentSessionOptions {
  host: AgentHost;
  /** The provider, prompt, tools and limits, worked out once by `createAgentSession`. */
  setup: SessionSetup;
  /** The conversation to continue, kept by its owner; a new one by default. */
  conversation?: ConversationState;
  /** Notes for the model gathered by the host (e.g. rejected edits), attached to the next request. */
  takeNotes?: () => string[];
  /** Permission for commands and for access outside the workspace; by default the built-in allow list, and nobody to ask. */
  permissions?: PermissionGate;
  /** The conversation's commands, when they outlive this session (e.g. across a change of model). */
  commands?: CommandSession;
  /** Where the full history goes before a summary replaces it. */
  archive?: TranscriptArchive;
  /** Set for a subagent's session: which child it is, how deep, the limit it works within, and its parent's hooks. */
  subagent?: { task?: ApprovalSubagent; depth: number; limit?: AgentToolLimit; hooks: SessionHooks; guard?: GuardRails };
}

/** One conversation with the agent: its history, and one run at a time. */
export class AgentSession {
  readonly setup: SessionSetup;
  /** The conversation the session works on; its owner keeps it when the session is dropped. */
  readonly conversation: ConversationState;
  /** The workspace as the tools see it (paths checked, `.elbowignore` honoured). */
  readonly workspace: Workspace;
  /** The commands this conversation ran and the background processes it started. */
  readonly commands: CommandSession;
  private readonly permissions: PermissionGate;
  private readonly guard: GuardRails;
  private running = false;
  private readonly context: ContextKeeper | undefined;
  private readonly steering = new SteeringMessages();
  /** The hooks of the project's and the user's settings, run at this session's events. */
  readonly hooks: SessionHooks;
  /** Bounds how many of this session's children run at once. */
  private readonly slots: ParallelSlots;

  constructor(private readonly options: AgentSessionOptions) {
    const { setup } = options;
    this.setup = setup;
    this.conversation = options.conversation ?? conversationState();
    this.workspace = new Workspace(options.host);
    this.permissions = options.permissions ?? new PermissionGate({ settings: new FixedPermissionSettings() });
    this.guard = new GuardRails({
      ...defaultGuardRailLimits,
      toolCallsPerMessage: setup.settings.toolCallsPerMessage ?? defaultGuardRailLimits.toolCallsPerMessage,
      commandsPerMessage: setup.settings.commandsPerMessage ?? defaultGuardRailLimits.commandsPerMessage,
    }, options.subagent?.guard);
    this.commands = options.commands ?? new CommandSession();
    this.slots = new ParallelSlots(Math.max(1, setup.settings.maxParallelSubagents ?? defaultParallelSubagents));
    this.hooks = options.subagent?.hooks ?? new SessionHooks({ hooks: setup.customizations.hooks, runner: options.host.hooks, workspaceRoots: options.host.workspaceRoots, sessionId: randomUUID() });
    this.context = setup.budget === undefined ? undefined : new ContextKeeper({
      provider: setup.provider,
      model: setup.settings.model,
      budget: setup.budget,
      retry: setup.retry,
      archive: options.archive,
      toolOf: (name) => setup.registry.identity(name),
      beforeSummary: async (reason, focus, emit, signal) => {
        if (this.hooks.has('PreCompact')) await this.hooks.preCompact(reason === 'user' ? 'manual' : 'auto', focus ?? '', (run) => emit({ type: 'hook', ...run }), signal);
      },
    });
  }

  get messages(): Message[] {
    return this.conversation.messages;
  }

  /** The model's window and prices, when known to the session. */
  get limits(): ModelLimits | undefined {
    return this.setup.limits;
  }

  /** In plan mode the tools change nothing; a change applies from the next message. */
  get mode(): ConversationMode {
    return this.conversation.mode;
  }

  set mode(mode: ConversationMode) {
    this.conversation.mode = mode;
  }

  /** The custom agent picked for the conversation (absent: Agent, or Plan in plan mode); applies from the next message. */
  get agent(): string | undefined {
    return this.conversation.agent;
  }

  /** The agents the user can pick: Agent, Plan and the custom ones found. */
  agentChoices(): AgentChoice[] {
    return agentChoices(this.setup.customizations);
  }

  /** The picked agent's name: a custom agent's, or Plan / Agent. */
  get agentName(): string {
    return pickedAgentName(this.conversation);
  }

  /** Picks Agent, Plan or a custom agent by name; false when there is none of that name. */
  pickAgent(name: string): boolean {
    return pickAgent(this.conversation, this.setup.customizations, name);
  }

  get usage(): Usage {
    return this.conversation.totals.usage;
  }

  /** Tokens and cost of the whole conversation so far. */
  get usageTotals(): UsageTotals {
    return this.conversation.totals;
  }

  get host(): AgentHost {
    return this.options.host;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Adds the user's message (text, or text and images) and runs the agent until it answers, fails,
   * is cancelled or hits the turn limit. A message with an image for a model known to take none is
   * refused before any request, and stays out of the history.
   */
  send(content: string | UserMessage['content'], emit: AgentEventSink, signal: AbortSignal = new AbortController().signal): Promise<RunOutcome> {
    const message = userMessageOf(content);
    const refusal = imageRefusal(this.setup.settings.model, this.limits?.acceptsImages, message);
    if (refusal !== undefined) return this.exclusive(emit, () => Promise.resolve({ reason: 'error', kind: 'bad_request', retryable: false, message: refusal }));
    return this.run(emit, signal, async (track) => {
      // Refused by a hook, the message never joins the history: the host gives its text back. A subagent's prompt is its parent's, not the user's.
      const hooked = this.options.subagent === undefined ? await promptHooks(this.hooks, message, track, signal) : { message };
      if ('refused' in hooked) return hooked.refused;
      this.guard.startUserMessage();
      this.context?.startUserMessage();
      joinHistory(this.conversation, hooked.message, this.options.subagent !== undefined);
      return undefined;
    });
  }

  /**
   * Queues a message for the running agent, added at its next turn boundary (after the current
   * tool results) before its next request. Returns false, queueing nothing, when no run is going on.
   */
  steer(content: string | UserMessage['content']): boolean {
    if (!this.running) return false;
    this.steering.add(typeof content === 'string' ? userText(content).content : content);
    return true;
  }

  /** The steering messages a run ended without (cancelled, failed, stopped), for the host to give back to the user. */
  takeUndeliveredSteering(): Array<UserMessage['content']> {
    return this.steering.takeAll();
  }

  /** Has the model summarise the conversation now ("Compact now", `/compact`); `focus` says what to keep in most detail. */
  compact(emit: AgentEventSink, signal: AbortSignal = new AbortController().signal, focus?: string): Promise<RunOutcome> {
    return this.exclusive(emit, async (track) => {
      const context = this.context;
      if (context === undefined) return { reason: 'stopped', message: 'Compaction needs the model\'s context window, which this session does not know.' };
      if (this.messages.length === 0) return { reason: 'stopped', message: 'Nothing to compact yet: the conversation is empty.' };
      const prompt = { system: this.setup.system, tools: this.setup.registry.specs(), messages: this.messages };
      const compacted = await context.summarise(prompt, track, signal, 'user', focus);
      if (signal.aborted) return { reason: 'cancelled', message: 'Cancelled.' };
      return compacted === 'summarised' ? { reason: 'completed', text: '' } : { reason: 'stopped', message: 'The conversation was not summarised.' };
    });
  }

  /** Runs again from where the last run stopped (after an error), without a new user message. */
  retry(emit: AgentEventSink, signal: AbortSignal = new AbortController().signal): Promise<RunOutcome> {
    return this.run(emit, signal, () => Promise.resolve(undefined));
  }

  /** The conversation ends: its background processes are stopped. */
  async dispose(): Promise<void> {
    await this.commands.stopAll();
  }

  /** `begin` may end the run before any request, with its outcome. */
  private run(emit: AgentEventSink, signal: AbortSignal, begin: (track: AgentEventSink) => Promise<RunOutcome | undefined>): Promise<RunOutcome> {
    return this.exclusive(emit, async (track) => {
      const refused = await begin(track);
      if (refused !== undefined) return refused;
      const stopListening = this.hooks.has('Notification') ? this.permissions.whenAsking((what) => void this.hooks.notifyWaiting(what, (run) => track({ type: 'hook', ...run }), signal)) : () => undefined;
      try {
        return await this.runLoops(track, signal);
      } finally {
        stopListening();
      }
    });
  }

  private async runLoops(track: AgentEventSink, signal: AbortSignal): Promise<RunOutcome> {
    // A fallback that took over keeps answering until the run ends; the next run asks the user's model first.
    const { provider, model, fallbackModels } = this.setup.settings;
    const fallback = new ModelFallback(presetById(provider), model, fallbackModels);
    let outcome = await this.loop(track, signal, fallback);
    // A message steered after the model's last request would find no turn to join: it starts one more.
    while (outcome.reason === 'completed' && this.steering.size > 0 && !signal.aborted) outcome = await this.loop(track, signal, fallback);
    return outcome;
  }

  private loop(track: AgentEventSink, signal: AbortSignal, fallback: ModelFallback): Promise<RunOutcome> {
    const agent = pickedProfile(this.conversation, this.setup.customizations);
    const limit = this.toolLimit(toolLimitOf(agent));
    const subagents = this.subagents(limit, track);
    return runAgentLoop({
      setup: agent === undefined ? this.setup : { ...this.setup, system: systemWithAgent(this.setup.system, agent) },
      fallback,
      toolContext: {
        host: this.options.host,
        workspace: this.workspace,
        signal,
        permissions: this.permissions,
        commands: this.commands,
        compaction: this.context,
        mode: this.mode,
        ...(limit === undefined ? {} : { agent: limit }),
        ...(subagents === undefined ? {} : { subagents }),
        ...(this.options.subagent?.task === undefined ? {} : { subagent: this.options.subagent.task }),
        ...(this.context === undefined ? {} : { resultLimit: resultLimitFor(this.context.budget, this.context.estimator.calibration) }),
      },
      guard: this.guard,
      messages: this.messages,
      takeNotes: this.options.takeNotes,
      context: this.context,
      steering: this.steering,
      hooks: this.hooks,
      runsStopHook: this.options.subagent === undefined,
      emit: track,
    });
  }

  /** The picked agent's limit; in a subagent, within the limit its parent gave it. */
  private toolLimit(picked: AgentToolLimit | undefined): AgentToolLimit | undefined {
    const imposed = this.options.subagent?.limit;
    if (picked === undefined || imposed === undefined) return picked === undefined ? imposed : picked;
    return { ...picked, subagent: true, within: imposed };
  }

  /** Starts this run's children, while the `task` tool is offered and the depth allows. */
  private subagents(limit: AgentToolLimit | undefined, track: AgentEventSink): SubagentLauncher | undefined {
    const depth = this.options.subagent?.depth ?? 0;
    if (depth + 1 >= maxSubagentDepth || this.setup.registry.get('task') === undefined) return undefined;
    const parent = {
      host: this.options.host,
      setup: this.setup,
      permissions: this.permissions,
      commands: this.commands,
      hooks: this.hooks,
      guard: this.guard,
      ...(this.options.archive === undefined ? {} : { archive: this.options.archive }),
      mode: this.mode,
      ...(limit === undefined ? {} : { limit }),
      depth,
      subtasks: (this.conversation.subtasks ??= new Map()),
      slots: this.slots,
    };
    return new SubagentLauncher(parent, track, childSession);
  }

  /** One run at a time; its usage is added up, and it ends with `done`. */
  private async exclusive(emit: AgentEventSink, work: (track: AgentEventSink) => Promise<RunOutcome>): Promise<RunOutcome> {
    if (this.running) throw new Error('A request is already running in this conversation.');
    this.running = true;
    try {
      const outcome = await work((event) => emit(event.type === 'usage' ? this.counted(event) : event.type === 'subagent' ? this.countedChild(event) : event));
      emit({ type: 'done', outcome });
      return outcome;
    } finally {
      this.running = false;
    }
  }

  private counted(event: Extract<AgentEvent, { type: 'usage' }>): AgentEvent {
    this.conversation.totals = addToTotals(this.conversation.totals, event.usage, event.cost);
    return { ...event, total: this.conversation.totals };
  }

  /** A child's request is the conversation's too: its usage joins the totals, which the event carries up. */
  private countedChild(event: Extract<AgentEvent, { type: 'subagent' }>): AgentEvent {
    const usage = innermostEvent(event);
    if (usage.type !== 'usage') return event;
    this.conversation.totals = addToTotals(this.conversation.totals, usage.usage, usage.cost);
    return { ...event, total: this.conversation.totals };
  }
}

function innermostEvent(event: AgentEvent): AgentEvent {
  return event.type === 'subagent' ? innermostEvent(event.event) : event;
}

const childSession: ChildSessionFactory = (parent, child) => new AgentSession({
  host: parent.host,
  setup: { ...parent.setup, system: child.system },
  conversation: child.conversation,
  permissions: parent.permissions.forSubagent(child.subagent),
  commands: parent.commands,
  ...(parent.archive === undefined ? {} : { archive: parent.archive }),
  subagent: { task: child.subagent, depth: parent.depth + 1, hooks: parent.hooks, guard: parent.guard, ...(child.limit === undefined ? {} : { limit: child.limit }) },
});

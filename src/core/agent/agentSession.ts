import { CommandSession } from '../tools/builtin/commands/commandSession';
import type { AgentHost } from '../host/host';
import { contextBudget } from '../context/contextBudget';
import { addToTotals, storedTotals, type UsageTotals } from '../context/usageTotals';
import type { TranscriptArchive } from '../host/transcriptArchive';
import { userText, type Message, type Usage, type UserMessage } from '../llm/messages';
import { imageRefusal, userMessageOf } from '../llm/imageRefusal';
import type { ModelLimits } from '../llm/modelCatalog';
import { presetById } from '../llm/presets/providerPresets';
import type { Provider } from '../llm/provider';
import { FixedPermissionSettings } from '../permissions/fixedPermissionSettings';
import { PermissionGate } from '../permissions/permissionGate';
import type { ConversationMode } from '../tools/conversationMode';
import type { ToolRegistry } from '../tools/registry';
import { resultLimitFor } from '../tools/resultLimit';
import { Workspace } from '../workspace/workspace';
import type { AgentEvent, AgentEventSink, RunOutcome } from './agentEvents';
import { runAgentLoop } from './agentLoop';
import { ContextKeeper } from './contextKeeper';
import type { AgentSettings } from './agentSettings';
import { defaultGuardRailLimits, GuardRails } from './guardRails';
import { ModelFallback } from './modelFallback';
import { attachPlanModeNote } from './planModeNote';
import { repairHistory } from './repairHistory';
import { defaultRetryPolicy, type RetryPolicy } from './retryPolicy';
import { SteeringMessages } from './steeringMessages';

export interface AgentSessionOptions {
  host: AgentHost;
  provider: Provider;
  /** The user's settings; those of the provider (endpoint, timeouts, reasoning) are already in `provider`. */
  settings: AgentSettings;
  system: string;
  registry: ToolRegistry;
  /** How failed requests are retried; by default the default policy with the settings' number of retries. */
  retry?: RetryPolicy;
  maxOutputTokens?: number;
  /** The messages of a stored conversation to continue; repaired first, as a reload may have cut a run short. */
  history?: readonly Message[];
  /** Token totals so far of a stored conversation. */
  usage?: Usage;
  /** Notes for the model gathered by the host (e.g. rejected edits), attached to the next request. */
  takeNotes?: () => string[];
  /** Permission for commands and for access outside the workspace; by default the built-in allow list, and nobody to ask. */
  permissions?: PermissionGate;
  /** The conversation's commands, when they outlive this session (e.g. across a change of model). */
  commands?: CommandSession;
  /** The model's window, output limit and prices; without them the history is never compacted and costs are unknown. */
  limits?: ModelLimits;
  /** Where the full history goes before a summary replaces it. */
  archive?: TranscriptArchive;
  /** The stored conversation's cost so far (`null`: unknown). */
  cost?: number | null;
  /** Plan mode or act mode; act by default. */
  mode?: ConversationMode;
}

export const defaultMaxTurns = 50;

/** One conversation with the agent: its history, and one run at a time. */
export class AgentSession {
  readonly messages: Message[];
  /** The workspace as the tools see it (paths checked, `.elbowignore` honoured). */
  readonly workspace: Workspace;
  /** The commands this conversation ran and the background processes it started. */
  readonly commands: CommandSession;
  private readonly permissions: PermissionGate;
  private readonly guard: GuardRails;
  private readonly retryPolicy: RetryPolicy;
  private running = false;
  private totals: UsageTotals;
  /** The model's window and prices, when known to the session. */
  readonly limits: ModelLimits | undefined;
  private readonly context: ContextKeeper | undefined;
  /** In plan mode the tools change nothing; a change applies from the next message. */
  mode: ConversationMode;
  private readonly steering = new SteeringMessages();

  constructor(private readonly options: AgentSessionOptions) {
    this.workspace = new Workspace(options.host);
    this.permissions = options.permissions ?? new PermissionGate({ settings: new FixedPermissionSettings() });
    const { settings } = options;
    this.guard = new GuardRails({
      ...defaultGuardRailLimits,
      toolCallsPerMessage: settings.toolCallsPerMessage ?? defaultGuardRailLimits.toolCallsPerMessage,
      commandsPerMessage: settings.commandsPerMessage ?? defaultGuardRailLimits.commandsPerMessage,
    });
    this.retryPolicy = options.retry ?? { ...defaultRetryPolicy, maxRetries: settings.maxRetries ?? defaultRetryPolicy.maxRetries };
    this.commands = options.commands ?? new CommandSession();
    this.messages = repairHistory(options.history ?? []);
    this.totals = storedTotals(options.usage, options.cost);
    this.limits = options.limits;
    this.mode = options.mode ?? 'act';
    this.context = options.limits === undefined ? undefined : new ContextKeeper({
      provider: options.provider,
      model: settings.model,
      budget: contextBudget(options.limits, settings.compaction),
      retry: this.retryPolicy,
      archive: options.archive,
      toolOf: (name) => options.registry.identity(name),
    });
  }

  get usage(): Usage {
    return this.totals.usage;
  }

  /** Tokens and cost of the whole conversation so far. */
  get usageTotals(): UsageTotals {
    return this.totals;
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
    const refusal = imageRefusal(this.options.settings.model, this.limits?.acceptsImages, message);
    if (refusal !== undefined) return this.exclusive(emit, () => Promise.resolve({ reason: 'error', kind: 'bad_request', retryable: false, message: refusal }));
    return this.run(emit, signal, () => {
      this.guard.startUserMessage();
      this.context?.startUserMessage();
      this.messages.push(message);
      attachPlanModeNote(this.messages, this.mode);
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
      const prompt = { system: this.options.system, tools: this.options.registry.specs(), messages: this.messages };
      const compacted = await context.summarise(prompt, track, signal, 'user', focus);
      if (signal.aborted) return { reason: 'cancelled', message: 'Cancelled.' };
      return compacted === 'summarised' ? { reason: 'completed', text: '' } : { reason: 'stopped', message: 'The conversation was not summarised.' };
    });
  }

  /** Runs again from where the last run stopped (after an error), without a new user message. */
  retry(emit: AgentEventSink, signal: AbortSignal = new AbortController().signal): Promise<RunOutcome> {
    return this.run(emit, signal, () => undefined);
  }

  /** The conversation ends: its background processes are stopped. */
  async dispose(): Promise<void> {
    await this.commands.stopAll();
  }

  private run(emit: AgentEventSink, signal: AbortSignal, begin: () => void): Promise<RunOutcome> {
    return this.exclusive(emit, async (track) => {
      begin();
      // A fallback that took over keeps answering until the run ends; the next run asks the user's model first.
      const { provider, model, fallbackModels } = this.options.settings;
      const fallback = new ModelFallback(presetById(provider), model, fallbackModels);
      let outcome = await this.loop(track, signal, fallback);
      // A message steered after the model's last request would find no turn to join: it starts one more.
      while (outcome.reason === 'completed' && this.steering.size > 0 && !signal.aborted) outcome = await this.loop(track, signal, fallback);
      return outcome;
    });
  }

  private loop(track: AgentEventSink, signal: AbortSignal, fallback: ModelFallback): Promise<RunOutcome> {
    return runAgentLoop({
      provider: this.options.provider,
      model: this.options.settings.model,
      fallback,
      system: this.options.system,
      registry: this.options.registry,
      toolContext: {
        host: this.options.host,
        workspace: this.workspace,
        signal,
        permissions: this.permissions,
        commands: this.commands,
        compaction: this.context,
        mode: this.mode,
        ...(this.context === undefined ? {} : { resultLimit: resultLimitFor(this.context.budget, this.context.estimator.calibration) }),
      },
      guard: this.guard,
      messages: this.messages,
      maxTurns: this.options.settings.maxTurns ?? defaultMaxTurns,
      retry: this.retryPolicy,
      maxOutputTokens: this.options.maxOutputTokens,
      takeNotes: this.options.takeNotes,
      context: this.context,
      steering: this.steering,
      emit: track,
    });
  }

  /** One run at a time; its usage is added up, and it ends with `done`. */
  private async exclusive(emit: AgentEventSink, work: (track: AgentEventSink) => Promise<RunOutcome>): Promise<RunOutcome> {
    if (this.running) throw new Error('A request is already running in this conversation.');
    this.running = true;
    try {
      const outcome = await work((event) => emit(event.type === 'usage' ? this.counted(event) : event));
      emit({ type: 'done', outcome });
      return outcome;
    } finally {
      this.running = false;
    }
  }

  private counted(event: Extract<AgentEvent, { type: 'usage' }>): AgentEvent {
    this.totals = addToTotals(this.totals, event.usage, event.cost);
    return { ...event, total: this.totals };
  }
}

import { CommandSession } from '../commands/commandSession';
import type { AgentHost } from '../host/host';
import { addUsage, emptyUsage, userText, type Message, type Usage } from '../llm/messages';
import type { Provider } from '../llm/provider';
import { FixedPermissionSettings } from '../permissions/fixedPermissionSettings';
import { PermissionGate } from '../permissions/permissionGate';
import type { ToolRegistry } from '../tools/registry';
import { Workspace } from '../tools/workspace';
import type { AgentEventSink, RunOutcome } from './agentEvents';
import { runAgentLoop } from './agentLoop';
import { GuardRails, type GuardRailLimits } from './guardRails';
import { repairHistory } from './repairHistory';
import { defaultRetryPolicy, type RetryPolicy } from './retryPolicy';

export interface AgentSessionOptions {
  host: AgentHost;
  provider: Provider;
  model: string;
  system: string;
  registry: ToolRegistry;
  /** Model turns allowed for one user message. */
  maxTurns?: number;
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
  guardRails?: GuardRailLimits;
  /** The conversation's commands, when they outlive this session (e.g. across a change of model). */
  commands?: CommandSession;
}

export const defaultMaxTurns = 50;

/** One conversation with the agent: its history, and one run at a time. */
export class AgentSession {
  readonly messages: Message[];
  private readonly workspace: Workspace;
  /** The commands this conversation ran and the background processes it started. */
  readonly commands: CommandSession;
  private readonly permissions: PermissionGate;
  private readonly guard: GuardRails;
  private running = false;
  private totalUsage: Usage;

  constructor(private readonly options: AgentSessionOptions) {
    this.workspace = new Workspace(options.host);
    this.permissions = options.permissions ?? new PermissionGate({ settings: new FixedPermissionSettings() });
    this.guard = new GuardRails(options.guardRails);
    this.commands = options.commands ?? new CommandSession();
    this.messages = repairHistory(options.history ?? []);
    this.totalUsage = options.usage ? { ...options.usage } : emptyUsage();
  }

  get usage(): Usage {
    return this.totalUsage;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Adds the user's message and runs the agent until it answers, fails, is cancelled or hits the turn limit. */
  send(text: string, emit: AgentEventSink, signal: AbortSignal = new AbortController().signal): Promise<RunOutcome> {
    return this.run(emit, signal, () => {
      this.guard.startUserMessage();
      this.messages.push(userText(text));
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

  private async run(emit: AgentEventSink, signal: AbortSignal, begin: () => void): Promise<RunOutcome> {
    if (this.running) throw new Error('A request is already running in this conversation.');
    this.running = true;
    try {
      begin();
      const outcome = await runAgentLoop({
        provider: this.options.provider,
        model: this.options.model,
        system: this.options.system,
        registry: this.options.registry,
        toolContext: { host: this.options.host, workspace: this.workspace, signal, permissions: this.permissions, commands: this.commands },
        guard: this.guard,
        messages: this.messages,
        maxTurns: this.options.maxTurns ?? defaultMaxTurns,
        retry: this.options.retry ?? defaultRetryPolicy,
        maxOutputTokens: this.options.maxOutputTokens,
        takeNotes: this.options.takeNotes,
        emit: (event) => {
          if (event.type === 'usage') this.totalUsage = addUsage(this.totalUsage, event.usage);
          emit(event);
        },
      });
      emit({ type: 'done', outcome });
      return outcome;
    } finally {
      this.running = false;
    }
  }
}

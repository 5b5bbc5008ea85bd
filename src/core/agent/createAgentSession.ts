import * as os from 'node:os';
import type { CommandSession } from '../tools/builtin/commands/commandSession';
import type { AgentHost } from '../host/host';
import type { Message, Usage } from '../llm/messages';
import { contextBudget, type CompactionSettings } from '../context/contextBudget';
import type { TranscriptArchive } from '../host/transcriptArchive';
import { isLocalEndpoint, modelLimits, type ModelOverride } from '../llm/modelCatalog';
import type { ModelInfoProbe } from '../llm/modelInfo/modelInfoProbe';
import { createProvider, type ProviderConfig } from '../llm/providers/createProvider';
import type { PermissionGate } from '../permissions/permissionGate';
import { builtinTools } from '../tools/builtin';
import { ToolRegistry } from '../tools/registry';
import type { ToolSource } from '../tools/toolSource';
import { AgentSession } from './agentSession';
import type { GuardRailLimits } from './guardRails';
import { loadProjectInstructions } from './projectInstructions';
import type { RetryPolicy } from './retryPolicy';
import { buildSystemPrompt } from './systemPrompt';

export interface CreateAgentSessionOptions {
  host: AgentHost;
  provider: ProviderConfig;
  model: string;
  maxTurns?: number;
  retry?: RetryPolicy;
  /** A stored conversation to continue. */
  history?: Message[];
  usage?: Usage;
  takeNotes?: () => string[];
  permissions?: PermissionGate;
  commands?: CommandSession;
  guardRails?: GuardRailLimits;
  /** The user's corrections to the built-in model table, by model id. */
  models?: Readonly<Record<string, ModelOverride>>;
  compaction?: CompactionSettings;
  archive?: TranscriptArchive;
  /** The stored conversation's cost so far. */
  cost?: number | null;
  /** Tools besides the built-in ones, e.g. MCP servers'. */
  toolSources?: readonly ToolSource[];
  /** Asks an OpenAI-compatible server for the model's real window (and output limit, prices); after the user's setting, before the table. */
  modelInfo?: ModelInfoProbe;
}

/** A session with the built-in tools and the system prompt for the host's workspace (AGENTS.md included). */
export async function createAgentSession(options: CreateAgentSessionOptions): Promise<AgentSession> {
  const { host } = options;
  const registry = new ToolRegistry();
  for (const tool of builtinTools()) registry.register(tool);
  for (const source of options.toolSources ?? []) registry.addSource(source);
  const instructions = await loadProjectInstructions(host.files, host.workspaceRoots);
  const system = buildSystemPrompt({
    workspaceRoots: host.workspaceRoots,
    platform: `${os.type()} (${host.environment.platform})`,
    shell: host.environment.shell,
    date: host.environment.today(),
    instructions,
  });
  const { baseURL } = options.provider;
  const server = options.modelInfo !== undefined && options.provider.provider === 'openai' && baseURL
    ? await options.modelInfo.lookUp({ baseUrl: baseURL, model: options.model, apiKey: options.provider.apiKey })
    : undefined;
  const limits = modelLimits(options.model, { overrides: options.models, localEndpoint: isLocalEndpoint(baseURL), server });
  const budget = contextBudget(limits, options.compaction);
  return new AgentSession({
    host,
    provider: createProvider({ ...options.provider, maxOutputTokens: options.provider.maxOutputTokens ?? budget.outputReserve }),
    model: options.model,
    system,
    registry,
    maxTurns: options.maxTurns,
    retry: options.retry,
    history: options.history,
    usage: options.usage,
    takeNotes: options.takeNotes,
    permissions: options.permissions,
    commands: options.commands,
    guardRails: options.guardRails,
    limits,
    compaction: options.compaction,
    archive: options.archive,
    cost: options.cost,
  });
}

import * as os from 'node:os';
import { contextBudget } from '../context/contextBudget';
import { isLocalEndpoint, modelLimits } from '../llm/modelCatalog';
import type { ModelInfoProbe } from '../llm/modelInfo/modelInfoProbe';
import { createProvider } from '../llm/providers/createProvider';
import { builtinTools } from '../tools/builtin';
import { ToolRegistry } from '../tools/registry';
import { Workspace } from '../workspace/workspace';
import type { ToolSource } from '../tools/toolSource';
import { AgentSession, type AgentSessionOptions } from './agentSession';
import { loadProjectInstructions } from './projectInstructions';
import { buildSystemPrompt } from './systemPrompt';

/** What the session is made of besides what is made here (provider, system prompt, tools, the model's limits). */
export type CreateAgentSessionOptions = Omit<AgentSessionOptions, 'provider' | 'system' | 'registry' | 'limits' | 'maxOutputTokens'> & {
  /** Kept apart from the settings: it goes only to the provider. */
  apiKey: string;
  /** Tools besides the built-in ones, e.g. MCP servers'. */
  toolSources?: readonly ToolSource[];
  /** Asks an OpenAI-compatible server for the model's real window (and output limit, prices); after the user's setting, before the table. */
  modelInfo?: ModelInfoProbe;
};

/** A session with the built-in tools and the system prompt for the host's workspace (AGENTS.md included). */
export async function createAgentSession(options: CreateAgentSessionOptions): Promise<AgentSession> {
  const { apiKey, toolSources, modelInfo, ...sessionOptions } = options;
  const { host, settings } = options;
  const registry = new ToolRegistry();
  for (const tool of builtinTools(host)) registry.register(tool);
  for (const source of toolSources ?? []) registry.addSource(source);
  const instructions = await loadProjectInstructions(host.files, host.workspaceRoots, await new Workspace(host).containmentCheck());
  const system = buildSystemPrompt({
    workspaceRoots: host.workspaceRoots,
    platform: `${os.type()} (${host.environment.platform})`,
    shell: host.environment.shell,
    date: host.environment.today(),
    instructions,
  });
  const { baseUrl } = settings;
  const server = modelInfo !== undefined && settings.provider === 'openai' && baseUrl
    ? await modelInfo.lookUp({ baseUrl, model: settings.model, apiKey })
    : undefined;
  const limits = modelLimits(settings.model, { overrides: settings.models, localEndpoint: isLocalEndpoint(baseUrl), server });
  const budget = contextBudget(limits, settings.compaction);
  const provider = createProvider({
    provider: settings.provider,
    apiKey,
    baseURL: baseUrl,
    timeoutMs: settings.requestTimeoutMs,
    stallTimeoutMs: settings.stallTimeoutMs,
    reasoningEffort: settings.reasoningEffort,
    maxOutputTokens: budget.outputReserve,
  });
  return new AgentSession({ ...sessionOptions, provider, system, registry, limits });
}

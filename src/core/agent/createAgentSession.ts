import * as os from 'node:os';
import { contextBudget } from '../context/contextBudget';
import { isLocalEndpoint, modelLimits } from '../llm/modelCatalog';
import type { ModelInfoProbe } from '../llm/modelInfo/modelInfoProbe';
import { modelNameProblem } from '../llm/presets/modelNameProblem';
import { presetEndpoint } from '../llm/presets/presetEndpoint';
import type { AgentSettings } from './agentSettings';
import type { RetryPolicy } from './retryPolicy';
import type { ProviderPreset } from '../llm/presets/providerPreset';
import { presetById, providerPresets } from '../llm/presets/providerPresets';
import { createProvider } from '../llm/providers/createProvider';
import { entraTokenHostProblem } from '../llm/presets/entraTokenHosts';
import { builtinTools } from '../tools/builtin';
import { editFormatFor, toolOffer } from '../tools/editFormat';
import { ToolRegistry } from '../tools/registry';
import { Workspace } from '../workspace/workspace';
import type { ToolSource } from '../tools/toolSource';
import { noCustomizations, type Customizations } from '../customize/customizations';
import { AgentSession, type AgentSessionOptions } from './agentSession';
import { sessionSetup } from './sessionSetup';
import { loadProjectInstructions } from './projectInstructions';
import { buildSystemPrompt } from './systemPrompt';
import { offeredSkills, skillListing } from '../customize/skillListing';
import { activateSkillTool } from '../customize/activateSkillTool';
import { taskTool } from '../tools/builtin/task';
import { subagentChoices } from './subagentProfiles';

/** What the session is made of besides its setup, which is made here (provider, system prompt, tools, the model's limits). */
export type CreateAgentSessionOptions = Omit<AgentSessionOptions, 'setup'> & {
  /** The user's settings; those of the provider go to it, the rest to the session's setup. */
  settings: AgentSettings;
  /** How failed requests are retried; by default the default policy with the settings' number of retries. */
  retry?: RetryPolicy;
  /** Kept apart from the settings: it goes only to the provider (a placeholder for servers that take none). */
  apiKey: string;
  /** Microsoft Entra ID tokens for Azure OpenAI, in place of the key. */
  azureTokenProvider?: () => Promise<string>;
  /** Tools besides the built-in ones, e.g. MCP servers'. */
  toolSources?: readonly ToolSource[];
  /** Asks an OpenAI-compatible server for the model's real window (and output limit, prices); after the user's setting, before the table. */
  modelInfo?: ModelInfoProbe;
  /** The skills, commands, agents and hooks the host found (workspace ones marked trusted or not); none by default. */
  customizations?: Customizations;
};

/** A session with the built-in tools and the system prompt for the host's workspace (AGENTS.md included). */
export async function createAgentSession(options: CreateAgentSessionOptions): Promise<AgentSession> {
  const { apiKey, azureTokenProvider, toolSources, modelInfo, settings, retry, customizations, ...sessionOptions } = options;
  const { host } = options;
  const editFormat = editFormatFor(settings.model, settings.editFormat);
  const registry = new ToolRegistry();
  for (const tool of builtinTools(host)) registry.register(tool, toolOffer(editFormat, tool.name));
  for (const source of toolSources ?? []) registry.addSource(source);
  const skills = offeredSkills(customizations?.skills ?? []);
  if (skills.length > 0) registry.register(activateSkillTool(skills));
  if (settings.maxParallelSubagents !== 0) registry.register(taskTool(subagentChoices(customizations ?? noCustomizations)));
  const instructions = await loadProjectInstructions(host.files, host.workspaceRoots, await new Workspace(host).containmentCheck());
  const system = buildSystemPrompt({
    workspaceRoots: host.workspaceRoots,
    platform: `${os.type()} (${host.environment.platform})`,
    shell: host.environment.shell,
    date: host.environment.today(),
    instructions,
    editFormat,
    skills: skillListing(skills),
  });
  const preset = presetById(settings.provider);
  if (preset === undefined) throw new Error(`Unknown provider "${settings.provider}": use one of ${providerPresets.map((row) => row.id).join(', ')}.`);
  if (settings.model.trim() === '') throw new Error(`No model for ${preset.label}: name the model${preset.id === 'azure' ? ' (the deployment)' : ''} the server should run.`);
  const endpoint = presetEndpoint(preset, settings.baseUrl);
  if (!endpoint.ok) throw new Error(endpoint.problem);
  const entraProblem = azureTokenProvider === undefined ? undefined : entraTokenHostProblem(endpoint.baseUrl);
  if (entraProblem !== undefined) throw new Error(entraProblem);
  const modelProblem = modelNameProblem(preset, settings.model);
  if (modelProblem !== undefined) throw new Error(modelProblem);
  const { baseUrl } = endpoint;
  const server = modelInfo !== undefined && probesModelInfo(preset) && baseUrl
    ? await modelInfo.lookUp({ baseUrl, model: settings.model, apiKey })
    : undefined;
  const limits = modelLimits(settings.model, { overrides: settings.models, localEndpoint: preset.local || isLocalEndpoint(baseUrl), server });
  const budget = contextBudget(limits, settings.compaction);
  const provider = createProvider({
    provider: preset.wire,
    preset,
    apiKey,
    azureApiVersion: settings.azureApiVersion,
    azureTokenProvider,
    baseURL: baseUrl,
    timeoutMs: settings.requestTimeoutMs,
    stallTimeoutMs: settings.stallTimeoutMs,
    reasoningEffort: settings.reasoningEffort,
    maxOutputTokens: budget.outputReserve,
    prices: limits.prices,
  });
  return new AgentSession({ ...sessionOptions, setup: sessionSetup({ settings, provider, system, registry, limits, budget, retry, customizations: customizations ?? noCustomizations }) });
}

/**
 * Whether the server at the endpoint is asked for the model's window (local servers tell it, OpenRouter
 * lists context lengths): OpenAI-compatible servers taking the key as Bearer, as the probe sends it.
 * Azure takes `api-key` and lists deployments elsewhere.
 */
function probesModelInfo(preset: ProviderPreset): boolean {
  return preset.wire === 'openai' && preset.keyHeader === 'bearer';
}

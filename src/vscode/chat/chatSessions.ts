import * as vscode from 'vscode';
import type { AgentSession } from '../../core/agent/agentSession';
import type { AgentSettings } from '../../core/agent/agentSettings';
import { createAgentSession } from '../../core/agent/createAgentSession';
import type { Customizations } from '../../core/customize/customizations';
import type { Approvals } from '../../core/host/approvals';
import type { AgentHost } from '../../core/host/host';
import { ServerModelProbe } from '../../core/llm/modelInfo/serverModelProbe';
import { presetById } from '../../core/llm/presets/providerPresets';
import { PermissionGate } from '../../core/permissions/permissionGate';
import type { ToolSource } from '../../core/tools/toolSource';
import { JsonlTranscriptArchive } from '../../node/jsonlTranscriptArchive';
import type { ToWebview } from '../../protocol/toWebview';
import type { ApiKeys } from '../apiKeys';
import { VscodePermissionSettings } from '../permissions/vscodePermissionSettings';
import { azureAuthentication, providerLabel, readAgentSettings } from '../settings';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatRun } from './chatRun';
import type { ChatTranscript } from './chatTranscript';
import { warnOfDroppedFallbacks } from './droppedFallbackWarning';
import { warnOfIgnoredEndpoint } from './ignoredEndpointWarning';
import { MissingKeyError, type ChosenProvider } from './missingKeyError';
import { providerCredentials, type ProviderCredentials } from './providerCredentials';
import { providerSetupProblem } from './providerSetupProblem';
import { hintUnknownModel } from './unknownModelHint';
import { postAll } from './postAll';

/** What a session outside the chat is made with. */
export interface DetachedSession {
  /** Names its archived history. */
  id: string;
  host: AgentHost;
  provider: string;
  model: string;
  approvals: Approvals;
}

export interface ChatSessionsDependencies {
  keys: ApiKeys;
  log: vscode.LogOutputChannel;
  /** Remembers which unknown models were hinted at. */
  state: vscode.Memento;
  post(message: ToWebview): void;
  host(): Promise<AgentHost>;
  /** Where a conversation's full history is archived before a summary replaces it. */
  transcriptsFolder: string;
  transcript: ChatTranscript;
  approvals: ApprovalBridge;
  /** Notes for the model about the user's review (e.g. rejected edits). */
  takeNotes(): string[];
  /** The MCP servers' tools. */
  toolSources: readonly ToolSource[];
  /** The skills, commands, agents and hooks a new session gets. */
  customizations(): Promise<Customizations>;
}

/** The chat's agent sessions, made from the settings and keys as they are now; and the model and key the view shows. */
export class ChatSessions {
  /** Asks an OpenAI-compatible server for a model's real window; its answers are kept across sessions. */
  private readonly modelInfo: ServerModelProbe;
  private readonly missingKey: MissingKeyError;

  constructor(private readonly deps: ChatSessionsDependencies) {
    this.modelInfo = new ServerModelProbe({ log: (line) => deps.log.info(line) });
    this.missingKey = new MissingKeyError(deps.transcript);
  }

  /** A session for the run's conversation; `undefined`, with the missing key's error in the chat, when the provider has no key. */
  async make(run: ChatRun): Promise<AgentSession | undefined> {
    const { deps } = this;
    const settings = readAgentSettings();
    const problem = providerSetupProblem(settings);
    if (problem !== undefined && presetById(settings.provider) === undefined) throw new Error(problem);
    const credentials = await this.credentials(settings);
    if (credentials === undefined) {
      postAll(this.deps.post, this.missingKey.add(await this.postModelAndKey()));
      return undefined;
    }
    this.missingKey.forget();
    if (problem !== undefined) throw new Error(problem);
    deps.log.info(`New session: provider ${settings.provider}, model ${settings.model}, endpoint ${settings.baseUrl ?? 'default'}.`);
    void warnOfIgnoredEndpoint(deps.log);
    warnOfDroppedFallbacks(deps.log, settings.model);
    const { approvals } = deps;
    const host = await deps.host();
    const session = await createAgentSession({
      settings,
      ...credentials,
      host,
      customizations: await deps.customizations(),
      conversation: run.conversation,
      archive: new JsonlTranscriptArchive(deps.transcriptsFolder, run.id),
      commands: run.commands,
      permissions: new PermissionGate({ settings: new VscodePermissionSettings(() => approvals.autoApprove), approvals }),
      takeNotes: deps.takeNotes,
      toolSources: deps.toolSources,
      modelInfo: this.modelInfo,
    });
    run.model = { provider: settings.provider, model: settings.model };
    if (session.limits?.known === false) void hintUnknownModel(deps.state, settings.model, session.limits.contextWindow);
    return session;
  }

  /**
   * A session outside the chat (a worktree task): its own host, conversation and approvals; the chat's settings,
   * keys and customizations, with the task's provider and model. No MCP servers' tools: they act on the workspace,
   * not the task's folder. Throws when that provider has no key.
   */
  async makeDetached(detached: DetachedSession): Promise<AgentSession> {
    const chat = readAgentSettings();
    const sameProvider = detached.provider === chat.provider;
    const settings: AgentSettings = sameProvider
      ? { ...chat, model: detached.model, ...(detached.model === chat.model ? {} : { fallbackModels: [] }) }
      : { ...chat, provider: detached.provider, model: detached.model, baseUrl: undefined, fallbackModels: [] };
    const credentials = await this.credentials(settings);
    if (credentials === undefined) throw new Error(`${providerLabel(settings.provider, settings.baseUrl)} has no API key: set one with "Elbow: Set API Key", then run the task again.`);
    const problem = providerSetupProblem(settings);
    if (problem !== undefined) throw new Error(problem);
    return createAgentSession({
      settings,
      ...credentials,
      host: detached.host,
      customizations: await this.deps.customizations(),
      archive: new JsonlTranscriptArchive(this.deps.transcriptsFolder, detached.id),
      permissions: new PermissionGate({ settings: new VscodePermissionSettings(() => false), approvals: detached.approvals }),
      modelInfo: this.modelInfo,
    });
  }

  /** Settings or keys changed: the view shows the model and key state now, and a missing key's error says what changed. */
  async settingsChanged(): Promise<void> {
    postAll(this.deps.post, this.missingKey.update(await this.postModelAndKey()));
  }

  /** The provider by its name in the picker, never its setting's value. */
  async postModelAndKey(): Promise<ChosenProvider> {
    const settings = readAgentSettings();
    const chosen = { label: providerLabel(settings.provider, settings.baseUrl), model: settings.model, hasKey: (await this.credentials(settings)) !== undefined };
    this.deps.post({ type: 'model', model: { provider: chosen.label, model: settings.model } });
    this.deps.post({ type: 'apiKey', available: chosen.hasKey, provider: chosen.label });
    return chosen;
  }

  private credentials(settings: AgentSettings): Promise<ProviderCredentials | undefined> {
    return providerCredentials(settings, this.deps.keys, { authentication: azureAuthentication(), signIn: vscode.authentication });
  }
}

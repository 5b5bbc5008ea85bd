import * as vscode from 'vscode';
import type { AgentSession } from '../../core/agent/agentSession';
import type { AgentSettings } from '../../core/agent/agentSettings';
import { createAgentSession } from '../../core/agent/createAgentSession';
import type { Customizations } from '../../core/customize/customizations';
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

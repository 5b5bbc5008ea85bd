import type { AgentSession } from '../../core/agent/agentSession';
import { createAgentSession } from '../../core/agent/createAgentSession';
import { defaultRetryPolicy } from '../../core/agent/retryPolicy';
import type { CommandSession } from '../../core/tools/builtin/commands/commandSession';
import type { AgentHost } from '../../core/host/host';
import type { TranscriptArchive } from '../../core/host/transcriptArchive';
import type { ModelInfoProbe } from '../../core/llm/modelInfo/modelInfoProbe';
import type { ToolSource } from '../../core/tools/toolSource';
import { PermissionGate } from '../../core/permissions/permissionGate';
import { VscodePermissionSettings } from '../permissions/vscodePermissionSettings';
import type { ElbowSettings } from '../settings';
import type { ApprovalBridge } from './approvalBridge';
import type { StoredConversation } from './conversationStore';

export interface ChatSessionParts {
  settings: ElbowSettings;
  apiKey: string;
  host: AgentHost;
  conversation: StoredConversation;
  archive: TranscriptArchive;
  commands: CommandSession;
  approvals: ApprovalBridge;
  takeNotes: () => string[];
  /** The MCP servers' tools. */
  toolSources: readonly ToolSource[];
  /** Asks an OpenAI-compatible server for the model's real window. */
  modelInfo?: ModelInfoProbe;
}

/** An agent session for the chat's open conversation, with the settings as they are now. */
export function createChatSession(parts: ChatSessionParts): Promise<AgentSession> {
  const { settings, approvals } = parts;
  return createAgentSession({
    host: parts.host,
    provider: { provider: settings.provider, apiKey: parts.apiKey, baseURL: settings.baseUrl, timeoutMs: settings.requestTimeoutMs, reasoningEffort: settings.reasoningEffort, stallTimeoutMs: settings.stallTimeoutMs },
    model: settings.model,
    maxTurns: settings.maxTurns,
    retry: { ...defaultRetryPolicy, maxRetries: settings.maxRetries },
    history: parts.conversation.messages,
    usage: parts.conversation.usage,
    cost: parts.conversation.cost,
    models: settings.models,
    compaction: settings.compaction,
    archive: parts.archive,
    takeNotes: parts.takeNotes,
    toolSources: parts.toolSources,
    modelInfo: parts.modelInfo,
    commands: parts.commands,
    permissions: new PermissionGate({ settings: new VscodePermissionSettings(() => approvals.autoApprove), approvals }),
    guardRails: { toolCallsPerMessage: settings.toolCallsPerMessage, commandsPerMessage: settings.commandsPerMessage, identicalFailures: 3 },
  });
}

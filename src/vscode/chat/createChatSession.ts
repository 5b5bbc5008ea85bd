import type { AgentSession } from '../../core/agent/agentSession';
import type { AgentSettings } from '../../core/agent/agentSettings';
import { conversationState } from '../../core/agent/conversationState';
import { createAgentSession } from '../../core/agent/createAgentSession';
import type { CommandSession } from '../../core/tools/builtin/commands/commandSession';
import type { AgentHost } from '../../core/host/host';
import type { TranscriptArchive } from '../../core/host/transcriptArchive';
import type { ModelInfoProbe } from '../../core/llm/modelInfo/modelInfoProbe';
import type { ToolSource } from '../../core/tools/toolSource';
import { PermissionGate } from '../../core/permissions/permissionGate';
import { VscodePermissionSettings } from '../permissions/vscodePermissionSettings';
import type { ApprovalBridge } from './approvalBridge';
import type { StoredConversation } from './conversationStore';

export interface ChatSessionParts {
  settings: AgentSettings;
  apiKey: string;
  /** Microsoft Entra ID tokens for Azure OpenAI, in place of the key. */
  azureTokenProvider?: () => Promise<string>;
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
  const { approvals } = parts;
  return createAgentSession({
    host: parts.host,
    settings: parts.settings,
    apiKey: parts.apiKey,
    azureTokenProvider: parts.azureTokenProvider,
    conversation: conversationState(parts.conversation),
    archive: parts.archive,
    takeNotes: parts.takeNotes,
    toolSources: parts.toolSources,
    modelInfo: parts.modelInfo,
    commands: parts.commands,
    permissions: new PermissionGate({ settings: new VscodePermissionSettings(() => approvals.autoApprove), approvals }),
  });
}

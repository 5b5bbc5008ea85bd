import type { AgentSession } from '../core/agent/agentSession';
import { createAgentSession } from '../core/agent/createAgentSession';
import { trustsNothing, type CustomizationTrust } from '../core/customize/customizationFile';
import { loadHostCustomizations } from '../core/customize/hostCustomizations';
import type { ApprovalRequest, Approvals } from '../core/host/approvals';
import type { ApprovalClass } from '../core/permissions/approvalClass';
import type { ToolSource } from '../core/tools/toolSource';
import type { ModelInfoProbe } from '../core/llm/modelInfo/modelInfoProbe';
import { ServerModelProbe } from '../core/llm/modelInfo/serverModelProbe';
import { FixedPermissionSettings } from '../core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../core/permissions/permissionGate';
import { createNodeHost } from '../node/createNodeHost';
import { NodeWebPageFetcher } from '../node/web/nodeWebPageFetcher';
import type { CommandSandbox } from '../node/sandbox/commandSandbox';
import { JsonlTranscriptArchive } from '../node/jsonlTranscriptArchive';
import type { CliConfig } from './cliConfig';
import { transcriptsFolder } from '../node/dataFolder';
import { unattendedHint } from './approvalFlags';
import { watchingChanges } from './stream/changedFiles';

export interface CliPermissions {
  /** Who answers permission requests the flags do not approve; none: they are refused (one-shot and piped runs). */
  approvals?: Approvals;
  /** What the flags (`--yes`, `--allow-…`) approve without asking. */
  preApproved?: ReadonlySet<ApprovalClass>;
  /** Called when something is refused because nobody could approve it. */
  onRefusal?: (what: string, request: ApprovalRequest) => void;
  /** Where commands run contained; without one they run with the user's rights (and fewer run unasked). */
  sandbox?: CommandSandbox;
  /** `--allow-host`: an address entry lets fetch_url reach that private address too. */
  allowHosts?: readonly string[];
  /** `--allow-domain`: domains fetch_url reads without asking. */
  allowDomains?: readonly string[];
  /** Which of the workspace's customization files are used; by default none. */
  customizationTrust?: CustomizationTrust;
  /** Told the absolute path of each file the tools changed, for the run's result. */
  onFileChanged?: (absolutePath: string) => void;
}

/**
 * `tools`: the MCP servers' tools, when the run has servers. `modelInfo` asks an OpenAI-compatible
 * server for the model's window; when the server does not say, the unknown-model hint speaks instead.
 */
export async function createCliSession(config: CliConfig, root: string, permissions: CliPermissions = {}, tools?: ToolSource, modelInfo: ModelInfoProbe = new ServerModelProbe()): Promise<AgentSession> {
  const nodeHost = await createNodeHost([root], { sandbox: permissions.sandbox, dataFolder: config.dataFolder, web: new NodeWebPageFetcher({ allowedHosts: () => permissions.allowHosts ?? [] }) });
  const host = watchingChanges(nodeHost, permissions.onFileChanged);
  return createAgentSession({
    host,
    customizations: await loadHostCustomizations(host, permissions.customizationTrust ?? trustsNothing),
    settings: config.settings,
    apiKey: config.apiKey,
    modelInfo,
    toolSources: tools === undefined ? [] : [tools],
    archive: new JsonlTranscriptArchive(transcriptsFolder(config.dataFolder), cliSessionId(new Date())),
    permissions: new PermissionGate({
      settings: new FixedPermissionSettings({ allowedWebDomains: permissions.allowDomains ?? [] }),
      approvals: permissions.approvals,
      preApproved: permissions.preApproved,
      unattendedHint,
      onUnattendedRefusal: permissions.onRefusal,
    }),
  });
}

/** Names this run's archived transcripts: the start time, and the process to tell apart runs started together. */
function cliSessionId(startedAt: Date): string {
  return `cli-${startedAt.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
}

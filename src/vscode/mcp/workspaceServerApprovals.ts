import { createHash } from 'node:crypto';
import { isWorkspaceConfig } from '../../core/mcp/mcpConfigFiles';
import type { McpServerConfig } from '../../core/mcp/mcpServerConfig';
import { launchOf } from '../../core/mcp/mcpServerLaunch';
import type { McpStartApproval } from '../../core/mcp/mcpStartApproval';

/** The part of VS Code's workspace state (a `Memento`) the approvals are kept in. */
export interface ApprovalState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** Where approved servers are kept in the workspace state (hashes of their configurations). */
const approvedServersKey = 'elbow.mcp.approvedServers';
/** The oldest approvals are forgotten beyond this many. */
const MAX_APPROVALS = 500;

/**
 * VS Code's workspace trust covers the servers the workspace's files held when Elbow first read
 * them in the trusted workspace. A server that appears later (added, or its command, arguments,
 * URL, environment or headers changed, e.g. by a command) asks before it first starts. Approvals
 * are kept in the workspace state by the server's configuration, so a reload does not ask again.
 */
export class WorkspaceServerApprovals implements McpStartApproval {
  /** `undefined` until the first configuration read in a trusted workspace. */
  private approvedKeys: string[] | undefined;
  private readonly asking = new Map<string, Promise<boolean>>();
  /** Servers the user is adding through Elbow (file and name): approved as the next read finds them. */
  private readonly adding = new Set<string>();

  constructor(
    private readonly state: ApprovalState,
    private readonly workspaceTrusted: () => boolean,
    private readonly askUser: (server: McpServerConfig) => Promise<boolean>,
  ) {
    const stored = state.get<unknown>(approvedServersKey);
    this.approvedKeys = Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : undefined;
  }

  configured(servers: readonly McpServerConfig[]): void {
    if (!this.workspaceTrusted()) return;
    const workspaceServers = servers.filter((server) => isWorkspaceConfig(server.file));
    if (this.approvedKeys === undefined) return this.save(workspaceServers.map(approvalKey));
    const added = workspaceServers.filter((server) => this.adding.delete(addingKey(server.file.path, server.name)));
    if (added.length > 0) this.save([...this.approvedKeys, ...added.map(approvalKey)]);
  }

  /** The user adds this server through Elbow ("Add MCP Server"): it starts without a second question. */
  expectAdded(file: string, name: string): void {
    this.adding.add(addingKey(file, name));
  }

  approved(server: McpServerConfig): boolean {
    return !isWorkspaceConfig(server.file) || (this.approvedKeys?.includes(approvalKey(server)) ?? false);
  }

  /** One question per configuration at a time, however often its start is tried meanwhile. */
  ask(server: McpServerConfig): Promise<boolean> {
    const key = approvalKey(server);
    let asking = this.asking.get(key);
    if (asking === undefined) {
      asking = this.askAndRemember(server, key).finally(() => this.asking.delete(key));
      this.asking.set(key, asking);
    }
    return asking;
  }

  private async askAndRemember(server: McpServerConfig, key: string): Promise<boolean> {
    if (!(await this.askUser(server))) return false;
    this.save([...(this.approvedKeys ?? []).filter((known) => known !== key), key]);
    return true;
  }

  private save(keys: string[]): void {
    this.approvedKeys = keys.slice(-MAX_APPROVALS);
    void this.state.update(approvedServersKey, this.approvedKeys);
  }
}

function addingKey(file: string, name: string): string {
  return JSON.stringify([file, name]);
}

/** The server's configuration as written, where it is written: what an approval is for. */
function approvalKey(server: McpServerConfig): string {
  const { command, args, env, cwd, url, headers } = launchOf(server);
  const written = JSON.stringify([server.file.path, server.name, server.type, command, args, env, cwd, url, headers]);
  return createHash('sha256').update(written).digest('hex');
}

import { customizationHash } from '../core/customize/customizationFile';
import type { McpConfigFile } from '../core/mcp/mcpServerConfig';
import { readConfigFile } from '../node/loadMcpConfig';
import type { WorkspaceConfigTrust } from '../node/workspaceConfigTrust';
import type { AskLine } from './cliApprovals';
import { isYes, serversToStart, trustQuestion } from './mcpTrustQuestion';
import { trustedWithExecutedFiles } from './executedWorkspaceFiles';
import type { TrustedContentStore } from './trustedContentStore';

export interface WorkspaceMcpTrustOptions {
  store: TrustedContentStore;
  /** The workspace's own configuration files (`.elbow/mcp.json`, `.vscode/mcp.json`). */
  files(): McpConfigFile[];
  /** True when the workspace's stdio servers would run outside the sandbox: trust then covers the files they run too. */
  serversRunOutside?(): Promise<boolean>;
  /** `--trust-workspace`: this run reads them without asking (and remembers nothing). */
  trustAll: boolean;
  writeErr(text: string): void;
}

interface Untrusted {
  file: McpConfigFile;
  content: Buffer;
  hash: string;
}

/**
 * The terminal's trust in the workspace's MCP configuration files, by content: what the user
 * trusted before (the store), what they trusted in this run, or everything with --trust-workspace.
 * The chat asks once per content before servers start; a run with nobody to ask skips the files
 * and says so once.
 */
export class WorkspaceMcpTrust implements WorkspaceConfigTrust {
  private askLine: AskLine | undefined;
  private readonly trustedThisRun = new Set<string>();
  /** Contents asked about, or reported as skipped, in this run: not again. */
  private readonly settled = new Set<string>();

  constructor(private readonly options: WorkspaceMcpTrustOptions) {}

  /** The chat's way of asking; without it untrusted files are skipped. */
  attach(askLine: AskLine): void {
    this.askLine = askLine;
  }

  async trusts(file: McpConfigFile, content: Buffer): Promise<boolean> {
    if (this.options.trustAll) return true;
    const hash = await this.hashOf(file, content);
    return this.trustedThisRun.has(hash) || (await this.options.store.has(hash));
  }

  async carryOver(file: McpConfigFile, before: Buffer, after: Buffer): Promise<void> {
    if (this.options.trustAll || !(await this.trusts(file, before))) return;
    const now = await this.hashOf(file, after);
    this.trustedThisRun.add(now);
    // Remembered for later runs as the content before was.
    if (await this.options.store.has(await this.hashOf(file, before))) await this.remember(file, now);
  }

  /**
   * Before servers start: asks about each workspace file whose content is not trusted yet and
   * would start a server, or, with nobody to ask, says which are skipped. True when one became
   * trusted, so the configuration is to be read again.
   */
  async review(signal: AbortSignal): Promise<boolean> {
    if (this.options.trustAll) return false;
    const untrusted = await this.untrustedFiles();
    if (untrusted.length === 0) return false;
    const askLine = this.askLine;
    if (askLine === undefined) {
      for (const { hash } of untrusted) this.settled.add(hash);
      this.options.writeErr(`elbow: ${skippedLine(untrusted.map(({ file }) => file.display))}\n`);
      return false;
    }
    let trustedAny = false;
    for (const { file, content, hash } of untrusted) {
      const answer = await askLine(trustQuestion(file, content), signal);
      // Cancelled (Ctrl-C): asked again when servers next would start.
      if (answer === undefined) return trustedAny;
      this.settled.add(hash);
      if (!isYes(answer)) {
        this.options.writeErr(`elbow: the MCP servers of ${file.display} are not started; Elbow asks again in the next chat.\n`);
        continue;
      }
      this.trustedThisRun.add(hash);
      await this.remember(file, hash);
      trustedAny = true;
    }
    return trustedAny;
  }

  private async untrustedFiles(): Promise<Untrusted[]> {
    const untrusted: Untrusted[] = [];
    for (const file of this.options.files()) {
      const { content } = await readConfigFile(file);
      if (content === undefined) continue;
      const hash = await this.hashOf(file, content);
      if (this.settled.has(hash) || (await this.trusts(file, content))) continue;
      // Nothing would start (an empty or broken file, or only disabled servers): nothing to trust.
      if (serversToStart(file, content).length === 0) continue;
      untrusted.push({ file, content, hash });
    }
    return untrusted;
  }

  private async hashOf(file: McpConfigFile, content: Buffer): Promise<string> {
    const outside = (await this.options.serversRunOutside?.()) === true;
    return outside ? trustedWithExecutedFiles(file, content) : customizationHash(file.path, content);
  }

  private async remember(file: McpConfigFile, hash: string): Promise<void> {
    try {
      await this.options.store.add(hash, file.path);
    } catch (error) {
      this.options.writeErr(`elbow: trusted ${file.display} for this run only: could not remember it (${error instanceof Error ? error.message : String(error)}).\n`);
    }
  }
}

/** Why a run with nobody to ask starts none of these files' servers, and how to trust them. */
function skippedLine(files: readonly string[]): string {
  const one = files.length === 1;
  return `not starting the MCP servers of ${files.join(' and ')}: ${one ? 'it belongs' : 'they belong'} to the workspace and ${one ? 'is' : 'are'} not trusted yet. `
    + `To trust ${one ? 'it' : 'them'}, review ${one ? 'it' : 'them'} in the chat (run elbow here in a terminal), or pass --trust-workspace for this run.`;
}

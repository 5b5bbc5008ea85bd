import type { CustomizationFile, CustomizationTrust } from '../../core/customize/customizationFile';

/** The part of VS Code's workspace state (a `Memento`) the trusted hashes are kept in. */
export interface TrustState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const trustedKey = 'elbow.customize.trustedFiles';
/** The oldest are forgotten beyond this many. */
const maxTrusted = 2_000;

/**
 * The workspace's customization files (hooks, skills, agents, commands) whose content the user
 * trusted, by the hash of path and bytes: a file changed since is not trusted. In Restricted Mode
 * (VS Code's workspace trust not given) nothing from the workspace is.
 */
export class WorkspaceCustomizationTrust implements CustomizationTrust {
  constructor(private readonly state: TrustState, private readonly workspaceTrusted: () => boolean) {}

  trusts(_file: string, sha256: string): Promise<boolean> {
    return Promise.resolve(this.workspaceTrusted() && this.hashes().includes(sha256));
  }

  /** Trusts these files' content as it was read. */
  async trust(files: readonly CustomizationFile[]): Promise<void> {
    const current = this.hashes();
    const added = files.filter((file) => file.origin === 'workspace').map((file) => file.sha256).filter((hash) => !current.includes(hash));
    await this.state.update(trustedKey, [...current, ...added].slice(-maxTrusted));
  }

  /** Forgets every trusted file of the workspace. */
  async forgetAll(): Promise<void> {
    await this.state.update(trustedKey, []);
  }

  private hashes(): string[] {
    const stored = this.state.get<unknown>(trustedKey);
    return Array.isArray(stored) ? stored.filter((hash): hash is string => typeof hash === 'string') : [];
  }
}

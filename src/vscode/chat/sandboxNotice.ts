import type { AgentHost } from '../../core/host/host';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import type { ChatRun } from './chatRun';

export interface SandboxNoticeDependencies {
  host(): Promise<AgentHost>;
  /** The conversation open now. */
  run: Pick<ChatRun, 'id'>;
  post(message: ToWebview): void;
}

/**
 * Where no sandbox can run, each conversation says so once, with the runner's reason, until the
 * user closes the banner; closed, it stays closed for that conversation while VS Code runs.
 */
export class SandboxNotice {
  private readonly dismissed = new Set<string>();

  constructor(private readonly deps: SandboxNoticeDependencies) {}

  /** A conversation starts or is shown again, or the settings changed: the banner as it stands for it. */
  async post(): Promise<void> {
    const id = this.deps.run.id;
    const reason = this.dismissed.has(id) ? undefined : await this.unavailableReason();
    // Another conversation opened meanwhile: its own call posts.
    if (id !== this.deps.run.id) return;
    this.deps.post({ type: 'sandboxNotice', notice: reason === undefined ? null : { reason } });
  }

  /** Handles the banner's close button; `false` for any other message. */
  handle(message: FromWebview): boolean {
    if (message.type !== 'dismissSandboxNotice') return false;
    this.dismissed.add(this.deps.run.id);
    this.deps.post({ type: 'sandboxNotice', notice: null });
    return true;
  }

  /** Why commands run without a sandbox; `undefined` when one runs, or when there is no workspace to run commands in yet. */
  private async unavailableReason(): Promise<string | undefined> {
    try {
      const status = await (await this.deps.host()).commands.sandboxStatus();
      return status.available ? undefined : status.reason;
    } catch {
      return undefined;
    }
  }
}

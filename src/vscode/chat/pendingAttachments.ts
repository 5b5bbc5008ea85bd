import { randomUUID } from 'node:crypto';
import type { Attachment } from '../../protocol/chatItems';
import type { ToWebview } from '../../protocol/toWebview';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

/** What the user attached to the next message, shown as chips above the input. */
export class PendingAttachments {
  private list: Attachment[] = [];
  /** What a mention attached, taken when it was chosen (problems, terminal output, git changes), by attachment id. */
  private readonly snapshots = new Map<string, string>();

  /** The chip's close button. */
  readonly messageHandlers: WebviewMessageHandlersFor<'removeAttachment'> = {
    removeAttachment: (message) => {
      this.list = this.list.filter((attachment) => attachment.id !== message.id);
      this.snapshots.delete(message.id);
      this.postState();
    },
  };

  constructor(private readonly post: (message: ToWebview) => void) {}

  /**
   * The chip's id. Attaching the same context again replaces its chip (a mention's snapshot is then
   * taken afresh); no two images are the same.
   */
  add(attachment: Omit<Attachment, 'id'>, snapshot?: string): string {
    const index = attachment.kind === 'image' ? -1 : this.list.findIndex((existing) => existing.path === attachment.path && existing.uri === attachment.uri && existing.kind === attachment.kind && existing.startLine === attachment.startLine && existing.endLine === attachment.endLine);
    const id = this.list[index]?.id ?? randomUUID();
    if (index === -1) this.list.push({ ...attachment, id });
    else this.list[index] = { ...attachment, id };
    if (snapshot === undefined) this.snapshots.delete(id);
    else this.snapshots.set(id, snapshot);
    this.postState();
    return id;
  }

  /** A mention's snapshot, once, as its message is sent; `undefined` for attachments read when sent. */
  takeSnapshot(id: string): string | undefined {
    const snapshot = this.snapshots.get(id);
    this.snapshots.delete(id);
    return snapshot;
  }

  /** The attachments go with the message being sent; the chips clear, except those with a problem, which stay until removed. */
  take(): Attachment[] {
    const taken = this.list.filter((attachment) => attachment.problem === undefined);
    this.list = this.list.filter((attachment) => attachment.problem !== undefined);
    this.postState();
    return taken;
  }

  postState(): void {
    this.post({ type: 'attachments', attachments: this.list });
  }
}

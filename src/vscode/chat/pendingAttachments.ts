import { randomUUID } from 'node:crypto';
import type { Attachment } from '../../protocol/chatItems';
import type { ToWebview } from '../../protocol/toWebview';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

/** What the user attached to the next message, shown as chips above the input. */
export class PendingAttachments {
  private list: Attachment[] = [];

  /** The chip's close button. */
  readonly messageHandlers: WebviewMessageHandlersFor<'removeAttachment'> = {
    removeAttachment: (message) => {
      this.list = this.list.filter((attachment) => attachment.id !== message.id);
      this.postState();
    },
  };

  constructor(private readonly post: (message: ToWebview) => void) {}

  /** The new chip's id; undefined when the same context is attached already. */
  add(attachment: Omit<Attachment, 'id'>): string | undefined {
    const duplicate = attachment.kind !== 'image' && this.list.some((existing) => existing.path === attachment.path && existing.kind === attachment.kind && existing.startLine === attachment.startLine && existing.endLine === attachment.endLine);
    const id = duplicate ? undefined : randomUUID();
    if (id !== undefined) this.list.push({ ...attachment, id });
    this.postState();
    return id;
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

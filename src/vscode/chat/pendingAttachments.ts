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

  add(attachment: Omit<Attachment, 'id'>): void {
    const duplicate = this.list.some((existing) => existing.path === attachment.path && existing.kind === attachment.kind && existing.startLine === attachment.startLine && existing.endLine === attachment.endLine);
    if (!duplicate) this.list.push({ ...attachment, id: randomUUID() });
    this.postState();
  }

  /** The attachments go with the message being sent; the chips clear. */
  take(): Attachment[] {
    const taken = this.list;
    this.list = [];
    this.postState();
    return taken;
  }

  postState(): void {
    this.post({ type: 'attachments', attachments: this.list });
  }
}

import * as vscode from 'vscode';
import { imageTokens } from '../../core/context/imageTokens';
import { imageDimensions } from '../../core/llm/imageDimensions';
import type { ImageBlock, UserMessage } from '../../core/llm/messages';
import { base64Bytes, imageProblem, maxImageBytes } from '../../format/imageLimits';
import type { Attachment } from '../../protocol/chatItems';
import type { PendingAttachments } from './pendingAttachments';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';
import { readFileGuarded } from '../../node/guardedFiles/guardedRead';

const mediaTypeOfExtension: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** A dragged file this small (base64) shows itself as its chip's thumbnail; the protocol allows thumbnails up to 200,000 characters. */
const ownThumbnailCharacters = 150_000;

interface ImageInput {
  name: string;
  mediaType: string;
  bytes: number;
  data?: string;
  thumbnail?: string;
}

/**
 * Images pasted or dropped into the input: each becomes a chip (its thumbnail and size in tokens,
 * or why it cannot be sent), while its bytes wait here to go with the next message as an image block.
 */
export class PendingImages {
  private readonly images = new Map<string, readonly ImageBlock[]>();

  readonly messageHandlers: WebviewMessageHandlersFor<'attachImage' | 'attachImageFiles'> = {
    attachImage: (message) => this.attach(message),
    attachImageFiles: (message) => this.attachFiles(message.uris),
  };

  constructor(private readonly attachments: PendingAttachments) {}

  /** The images of the attachments being sent, in their order. */
  take(attachments: readonly Attachment[]): ImageBlock[] {
    const taken = attachments.flatMap((attachment) => this.images.get(attachment.id) ?? []);
    for (const attachment of attachments) this.images.delete(attachment.id);
    return taken;
  }

  private attach(input: ImageInput): void {
    const dimensions = input.data === undefined ? undefined : imageDimensions(input.data);
    const bytes = input.data === undefined ? input.bytes : base64Bytes(input.data);
    const problem = imageProblem({ name: input.name, mediaType: input.mediaType, bytes, ...dimensions });
    const thumbnail = input.thumbnail?.startsWith('data:image/') === true ? input.thumbnail : undefined;
    const chip = { kind: 'image' as const, path: input.name, ...(thumbnail === undefined ? {} : { thumbnail }) };
    if (problem !== undefined || input.data === undefined) {
      this.attachments.add({ ...chip, problem: problem ?? `${input.name} could not be read.` });
      return;
    }
    const block: ImageBlock = { type: 'image', mediaType: input.mediaType, data: input.data };
    const id = this.attachments.add({ ...chip, tokens: imageTokens(block) });
    this.images.set(id, [block]);
  }

  /** Images that go with another chip's content (an MCP resource's); they leave with it. */
  attachToChip(id: string, images: readonly ImageBlock[]): void {
    if (images.length === 0) this.images.delete(id);
    else this.images.set(id, images);
  }

  /** Files dragged from the explorer: only images inside the workspace are read. */
  private async attachFiles(uris: readonly string[]): Promise<void> {
    for (const text of uris) {
      const uri = vscode.Uri.parse(text);
      const name = vscode.workspace.asRelativePath(uri, false);
      const mediaType = mediaTypeOfExtension[uri.path.slice(uri.path.lastIndexOf('.') + 1).toLowerCase()] ?? '';
      if (vscode.workspace.getWorkspaceFolder(uri) === undefined) {
        this.attachments.add({ kind: 'image', path: name, problem: `${name} is outside the workspace; only images inside it can be attached.` });
        continue;
      }
      const size = await vscode.workspace.fs.stat(uri).then((stat) => stat.size, () => undefined);
      const readable = mediaType !== '' && size !== undefined && size <= maxImageBytes;
      let data: string | undefined;
      try {
        data = readable ? Buffer.from(await readImageFile(uri)).toString('base64') : undefined;
      } catch (error) {
        this.attachments.add({ kind: 'image', path: name, problem: `${name} could not be read: ${error instanceof Error ? error.message : String(error)}` });
        continue;
      }
      // The extension draws no thumbnails: a small file is its own.
      const thumbnail = data !== undefined && data.length <= ownThumbnailCharacters ? `data:${mediaType};base64,${data}` : undefined;
      this.attach({ name, mediaType, bytes: size ?? 0, ...(data === undefined ? {} : { data }), ...(thumbnail === undefined ? {} : { thumbnail }) });
    }
  }
}

/** What the session gets: the images first (models read them best before the question), then the text. */
export function userContentOf(text: string, images: readonly ImageBlock[]): string | UserMessage['content'] {
  return images.length === 0 ? text : [...images, { type: 'text', text }];
}

/** Attachments whose text is copied into the message (files, selections), not images. */
export function isTextAttachment(attachment: Attachment): boolean {
  return attachment.kind !== 'image';
}

/** A file on disk is read through the guarded opener: what opened must still be a regular file inside a workspace folder, not a link swapped in. */
function readImageFile(uri: vscode.Uri): Thenable<Uint8Array> {
  if (uri.scheme !== 'file') return vscode.workspace.fs.readFile(uri);
  return readFileGuarded(uri.fsPath, (real) => vscode.workspace.getWorkspaceFolder(vscode.Uri.file(real)) !== undefined);
}

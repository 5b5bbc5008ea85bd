import { attachedTextBlock, textWithBlocks } from '../../core/mentions/attachedText';
import { mcpResourceBlock } from '../../core/mentions/mcpResourceText';
import type { Attachment } from '../../protocol/chatItems';

export interface AttachedText {
  attachment: Attachment;
  /** The file's (or selection's, or mention's) text, `undefined` when it could not be read. */
  text: string | undefined;
}

/** The user's message as the model receives it: the typed text, then each attachment with what it is and its content. */
export function messageWithAttachments(text: string, attached: readonly AttachedText[]): string {
  return textWithBlocks(text, attached.filter(({ attachment }) => attachment.problem === undefined).map(attachmentBlock));
}

/** One attachment's part of the message (its size is what the chip shows). */
export function attachmentBlock({ attachment, text }: AttachedText): string {
  // A server's resource is its data, marked as such: see mcpResourceBlock.
  if (attachment.kind === 'mcpResource') return mcpResourceBlock(attachment.server ?? '', attachment.uri ?? '', text ?? '');
  return attachedTextBlock(headingOf(attachment), text);
}

function headingOf(attachment: Attachment): string {
  const { path, detail } = attachment;
  switch (attachment.kind) {
    case 'file': return `Attached file ${path}`;
    case 'selection': return `Selected lines ${attachment.startLine ?? '?'}–${attachment.endLine ?? attachment.startLine ?? '?'} of ${path}`;
    case 'folder': return `The files in the folder ${path} (a listing of ${detail ?? 'its entries'}, not their contents; read them with read_file)`;
    case 'problems': return `The problems VS Code reports in the workspace (${detail ?? '0'})`;
    case 'terminal': return 'The last command run in the Elbow terminal, and the end of its output';
    case 'gitChanges': return 'The uncommitted changes in the working tree (git diff against HEAD)';
    case 'image': return `The image ${path}`;
    case 'mcpResource': return `The MCP resource ${path}`;
  }
}

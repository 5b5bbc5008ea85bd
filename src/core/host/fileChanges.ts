import type { ApprovalSubagent } from './approvals';
import type { OpenedPathCheck } from './fileSystem';

/**
 * A file's content as the tool decoded it, once: the host compares and writes it as it is, and
 * never decodes it again.
 */
export type FileContent =
  /** UTF-8 text without the byte order mark `hasBom` says the file starts with; line endings as in the file. */
  | { kind: 'text'; text: string; hasBom: boolean }
  /** A file that is not UTF-8 text (a binary file deleted, or put back): its bytes. */
  | { kind: 'bytes'; bytes: Uint8Array };

const BYTE_ORDER_MARK = '\uFEFF';
const utf8 = new TextEncoder();

/** The bytes a content is on disk. `TextEncoder`: twice as fast as `Buffer.from` on a 10 MB text. */
export function contentBytes(content: FileContent): Uint8Array {
  if (content.kind === 'bytes') return content.bytes;
  return utf8.encode(content.hasBom ? BYTE_ORDER_MARK + content.text : content.text);
}

/** A change a tool wants to make to one file. */
export interface ProposedChange {
  /** Absolute path. */
  path: string;
  /** As shown to the user and the model, e.g. `src/app.ts`. */
  displayPath: string;
  /** The content the tool read and based the change on; `undefined` when the file did not exist. */
  before: FileContent | undefined;
  /** The new content; `undefined` deletes the file. */
  after: FileContent | undefined;
  /**
   * Permission bits for a file this change creates (a moved file's new path, a deleted file put back); a host that
   * cannot set them creates the file with its default ones and says so in its note.
   */
  mode?: number;
  /** The tool call making the change, so the host can link it to the call's card. */
  toolCallId: string;
  /**
   * The subagent whose call it is (absent: the conversation's own). A call id is unique only within its own
   * conversation: a child's may equal its parent's, so the host finds the call by both.
   */
  subagent?: ApprovalSubagent;
  /** What the objects the host opens to check and apply the change must be (see `HostFileSystem`). */
  allowed: OpenedPathCheck;
  /**
   * Puts back a change the same tool call made moments ago, because a later file of the call could not be
   * changed (apply_patch is all or nothing): not asked about again, as it only undoes what was approved.
   */
  putBack?: boolean;
  /** For the removal half of a move (apply_patch): the absolute path of the file's new place, changed just before. */
  movedTo?: string;
}

export type ChangeOutcome =
  /** `note`: something the model should know, e.g. that the edit is in the editor but not yet on disk. */
  | { status: 'applied'; note?: string }
  /** The user declined the change; `feedback` is what they told the model. */
  | { status: 'rejected'; feedback?: string }
  /** The file no longer holds `before` (the user changed it meanwhile): nothing was changed; read again and retry. */
  | { status: 'stale' };

/**
 * Where file changes are applied: straight to disk in the terminal; in VS Code through the
 * editor, recorded for review, and, when the user wants, only after they approve.
 */
export interface FileChanges {
  apply(change: ProposedChange, signal: AbortSignal): Promise<ChangeOutcome>;
}

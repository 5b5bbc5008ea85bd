import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import * as vscode from 'vscode';
import type { ChangeOutcome, FileChanges, FileContent, ProposedChange } from '../../core/host/fileChanges';
import { computeHunks, countLines } from '../../core/review/lineHunks';
import { ToolError } from '../../core/toolContract/toolError';
import { checkWriteTarget } from '../../node/guardedFiles/guardedWrite';
import { readEditSettings } from '../settings';
import { currentText, openDocument } from './currentText';
import type { ReviewManager } from './reviewManager';

export interface ProposalDecision {
  decision: 'apply' | 'reject';
  feedback?: string;
}

/** The call a change comes from: its id, and the subagent it is a call of (absent: the conversation's own). */
export type ChangeCall = Pick<ProposedChange, 'toolCallId' | 'subagent'>;

/** Asks the user about a proposed change in the chat (`beforeApply` review). */
export interface ProposalGate {
  ask(call: ChangeCall, diff: string, signal: AbortSignal): Promise<ProposalDecision>;
}

export interface AppliedChange extends ChangeCall {
  path: string;
  displayPath: string;
  change: 'created' | 'modified' | 'deleted';
  /** Lines added and removed by this change (for the removal half of a move: against the file at its new place). */
  added: number;
  removed: number;
  /** For the removal half of a move: the absolute path of the file's new place. */
  movedTo?: string;
  /** `false` when the user approved the change before it was applied: nothing of it is left to review. */
  pendingReview: boolean;
}

/**
 * The agent's file changes in VS Code: checked against what the tool read (never over the
 * user's newer text), approved first when the user wants that, recorded for review and undo,
 * and applied through the editor without moving the user's focus.
 */
export class VscodeFileChanges implements FileChanges {
  constructor(
    private readonly manager: ReviewManager,
    private readonly gate: ProposalGate,
    private readonly onApplied: (change: AppliedChange) => void,
    /** A change of the call was put back (a later file of it did not land): its card no longer lists the file. */
    private readonly onPutBack: (call: ChangeCall, path: string) => void = () => undefined,
  ) {}

  async apply(change: ProposedChange, signal: AbortSignal): Promise<ChangeOutcome> {
    // Review keeps and puts back text: a file that is not UTF-8 text could not be put back as it was.
    if (change.before?.kind === 'bytes' || change.after?.kind === 'bytes') {
      throw new ToolError(`${change.displayPath} is not UTF-8 text, which review could not put back byte for byte if the user rejects the change, so it was not changed. Ask the user to change it, or use a command.`);
    }
    const before = textOf(change.before);
    const after = textOf(change.after);
    const settings = readEditSettings();
    // Approved before it is applied (a change put back only undoes one that was): nothing of it is left to review.
    const approved = settings.editReview === 'beforeApply';
    if (approved && change.putBack !== true) {
      if ((await currentText(change.path)) !== before) return { status: 'stale' };
      const diff = createTwoFilesPatch(change.displayPath, change.displayPath, before ?? '', after ?? '', before === undefined ? 'new file' : undefined, after === undefined ? 'deleted' : undefined, { headerOptions: FILE_HEADERS_ONLY });
      const decision = await this.gate.ask(callOf(change), diff, signal);
      if (decision.decision === 'reject') return { status: 'rejected', feedback: decision.feedback };
    }
    // VS Code's save follows links: the target is checked as late as this API allows (see docs/safety.md).
    const realPath = await checkWriteTarget(change.path, change.allowed, after === undefined);
    let version: number | undefined;
    const written = await this.manager.writer.change(change.path, before, after, {
      checked: (current, wanted) => {
        this.manager.recordAgentChange({ path: change.path, displayPath: change.displayPath, before: before ?? null, after: after ?? null, approved, realPath });
        return current === undefined || wanted === undefined ? undefined : this.manager.expectAgentText(change.path, current, wanted);
      },
      written: (landed) => {
        version = landed;
        // A document's change event has told review already.
        if (landed === undefined) this.manager.notify();
      },
    });
    if (written === 'stale') return { status: 'stale' };
    let note = written.savedToDisk ? undefined : `Note: ${change.displayPath} has unsaved changes of the user's in the editor, so your edit is in the editor but not saved to disk yet; commands that read the file from disk will not see it until the user saves.`;
    // VS Code's file API has no permission bits: a file moved or put back loses its execute, setuid, setgid and sticky bits.
    if (before === undefined && change.mode !== undefined && (change.mode & 0o7111) !== 0) {
      const lost = (change.mode & 0o7000) === 0 ? 'its execute permission' : 'its execute, setuid, setgid and sticky bits';
      note = `Note: ${change.displayPath} was created without ${lost} (mode ${change.mode.toString(8)}), which VS Code cannot set; run chmod on it if it must keep them.`;
    }
    // A change put back leaves the file as it was: nothing for the card to link to or the user to look at.
    if (change.putBack === true) {
      this.onPutBack(callOf(change), change.path);
    } else {
      this.onApplied({
        ...callOf(change),
        path: change.path,
        displayPath: change.displayPath,
        change: after === undefined ? 'deleted' : before === undefined ? 'created' : 'modified',
        ...(await this.counted(change, before, after, version)),
        ...(change.movedTo === undefined ? {} : { movedTo: change.movedTo }),
        pendingReview: !approved,
      });
      if (after !== undefined) await showEditedFile(change.path, settings.openEditedFiles);
    }
    return note === undefined ? { status: 'applied' } : { status: 'applied', note };
  }

  /**
   * Lines the change added and removed. When the file's review began with this change, they are its pending
   * hunks, which review has already worked out for the version the change produced.
   */
  private async counted(change: ProposedChange, before: string | undefined, after: string | undefined, version: number | undefined): Promise<{ added: number; removed: number }> {
    if (change.movedTo !== undefined) return countLines(computeHunks(before ?? '', (await currentText(change.movedTo)) ?? ''));
    const document = version === undefined ? undefined : openDocument(change.path);
    if (document?.version === version && this.manager.file(change.path)?.baseline === before) return countLines(this.manager.hunksOf(document as vscode.TextDocument));
    return countLines(computeHunks(before ?? '', after ?? ''));
  }
}

function callOf(change: ProposedChange): ChangeCall {
  return change.subagent === undefined ? { toolCallId: change.toolCallId } : { toolCallId: change.toolCallId, subagent: change.subagent };
}

/** The text a host change is made of (bytes never get here: `apply` refuses them first). */
function textOf(content: FileContent | undefined): string | undefined {
  return content?.kind === 'text' ? content.text : undefined;
}

/** Never takes the keyboard focus: `background` opens a tab without switching to it, `followAlong` shows the file without focusing it. */
async function showEditedFile(path: string, mode: 'background' | 'followAlong' | 'never'): Promise<void> {
  if (mode === 'never') return;
  const uri = vscode.Uri.file(path);
  if (mode === 'background') {
    const open = vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()));
    // Not a preview: it would replace the user's own preview tab, which may be the one they are reading.
    if (!open) await vscode.commands.executeCommand('vscode.open', uri, { preview: false, preserveFocus: true, background: true });
    return;
  }
  await vscode.window.showTextDocument(uri, { preview: true, preserveFocus: true });
}

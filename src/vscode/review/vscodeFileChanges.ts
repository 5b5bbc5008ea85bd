import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import * as vscode from 'vscode';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../core/host/fileChanges';
import { computeHunks, countLines } from '../../core/review/lineHunks';
import { checkWriteTarget, realTargetOf } from '../../node/guardedFiles/guardedWrite';
import { readEditSettings } from '../settings';
import { currentText, decodeText } from './currentText';
import type { ReviewManager } from './reviewManager';

export interface ProposalDecision {
  decision: 'apply' | 'reject';
  feedback?: string;
}

/** Asks the user about a proposed change in the chat (`beforeApply` review). */
export interface ProposalGate {
  ask(toolCallId: string, diff: string, signal: AbortSignal): Promise<ProposalDecision>;
}

export interface AppliedChange {
  toolCallId: string;
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
    private readonly onPutBack: (toolCallId: string, path: string) => void = () => undefined,
  ) {}

  async apply(change: ProposedChange, signal: AbortSignal): Promise<ChangeOutcome> {
    const before = change.before === undefined ? undefined : decodeText(change.before);
    const after = change.after === undefined ? undefined : decodeText(change.after);
    if ((await currentText(change.path)) !== before) return { status: 'stale' };
    const settings = readEditSettings();
    if (settings.editReview === 'beforeApply' && change.putBack !== true) {
      const diff = createTwoFilesPatch(change.displayPath, change.displayPath, before ?? '', after ?? '', before === undefined ? 'new file' : undefined, after === undefined ? 'deleted' : undefined, { headerOptions: FILE_HEADERS_ONLY });
      const decision = await this.gate.ask(change.toolCallId, diff, signal);
      if (decision.decision === 'reject') return { status: 'rejected', feedback: decision.feedback };
      if ((await currentText(change.path)) !== before) return { status: 'stale' };
    }
    // VS Code's save follows links: the target is checked as late as this API allows (see docs/safety.md).
    await checkWriteTarget(change.path, change.allowed, after === undefined);
    this.manager.recordAgentChange(change.path, change.displayPath, before ?? null, await realTargetOf(change.path));
    const reviewable = (): void => {
      // Approved before it was applied: nothing is left to review.
      const file = this.manager.file(change.path);
      if (settings.editReview === 'beforeApply' && file !== undefined) file.baseline = after ?? null;
      this.manager.agentChanged(change.path, after ?? null);
    };
    let note: string | undefined;
    if (after === undefined) {
      await this.manager.writer.delete(change.path);
      reviewable();
    } else if (before === undefined) {
      await this.manager.writer.create(change.path, after);
      reviewable();
      // VS Code's file API has no permission bits: a file moved or put back loses its execute, setuid, setgid and sticky bits.
      if (change.mode !== undefined && (change.mode & 0o7111) !== 0) {
        const lost = (change.mode & 0o7000) === 0 ? 'its execute permission' : 'its execute, setuid, setgid and sticky bits';
        note = `Note: ${change.displayPath} was created without ${lost} (mode ${change.mode.toString(8)}), which VS Code cannot set; run chmod on it if it must keep them.`;
      }
    } else if (!(await this.manager.writer.write(change.path, after, reviewable)).savedToDisk) {
      note = `Note: ${change.displayPath} has unsaved changes of the user's in the editor, so your edit is in the editor but not saved to disk yet; commands that read the file from disk will not see it until the user saves.`;
    }
    // A change put back leaves the file as it was: nothing for the card to link to or the user to look at.
    if (change.putBack === true) {
      this.onPutBack(change.toolCallId, change.path);
    } else {
      const counted = countLines(computeHunks(before ?? '', change.movedTo === undefined ? (after ?? '') : ((await currentText(change.movedTo)) ?? '')));
      this.onApplied({
        toolCallId: change.toolCallId,
        path: change.path,
        displayPath: change.displayPath,
        change: after === undefined ? 'deleted' : before === undefined ? 'created' : 'modified',
        ...counted,
        ...(change.movedTo === undefined ? {} : { movedTo: change.movedTo }),
        pendingReview: settings.editReview !== 'beforeApply',
      });
      if (after !== undefined) await showEditedFile(change.path, settings.openEditedFiles);
    }
    return note === undefined ? { status: 'applied' } : { status: 'applied', note };
  }
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

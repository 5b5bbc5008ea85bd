import type { ReviewedFile } from '../review/conversationReview';
import type { ReviewActions } from '../review/reviewActions';
import type { ReviewManager } from '../review/reviewManager';
import { askAboutPendingChanges, type PendingChangesChoice } from '../review/reviewPrompts';
import type { WaitingQuestionCount } from './waitingQuestionCount';

/**
 * A new chat must not hide the changes the open one left pending: the user accepts them, rejects
 * them, or keeps them pending in the editors for the new chat.
 */
export class PendingChangesOnNewChat {
  constructor(
    private readonly manager: ReviewManager,
    private readonly actions: ReviewActions,
    private readonly waiting: WaitingQuestionCount,
  ) {}

  /** Asks, when anything is pending; `undefined`: the user cancelled, the chat stays. */
  async ask(): Promise<PendingChangesChoice | 'none' | undefined> {
    const pending = await this.manager.changedFiles();
    if (pending.length === 0) return 'none';
    return this.waiting.until(askAboutPendingChanges(pending.map((file) => file.path)));
  }

  /** Carries out the choice on the open conversation's review; returns the files the next one keeps under review. */
  async carryOut(choice: PendingChangesChoice | 'none'): Promise<ReviewedFile[]> {
    if (choice === 'accept') await this.actions.acceptAll();
    if (choice === 'reject') await this.actions.rejectAll();
    // What the user chose to leave pending, or a created file they edited and kept when rejecting all, is not hidden.
    return this.manager.takePendingFiles();
  }

  /** In the new conversation. */
  keep(files: readonly ReviewedFile[]): void {
    this.manager.keepPendingFiles(files);
  }
}

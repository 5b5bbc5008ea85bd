import { randomUUID } from 'node:crypto';
import type * as vscode from 'vscode';
import type { ToWebview } from '../../protocol/toWebview';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatRun } from './chatRun';
import type { ChatTranscript } from './chatTranscript';
import type { ConversationStore } from './conversationStore';
import { DelayedSave } from './delayedSave';
import { postAll } from './postAll';
import type { ReviewManager } from '../review/reviewManager';

export interface ConversationSavesDependencies {
  store: ConversationStore;
  log: Pick<vscode.LogOutputChannel, 'error'>;
  transcript: ChatTranscript;
  reviewManager: Pick<ReviewManager, 'onDidChange' | 'state'>;
  approvals: Pick<ApprovalBridge, 'onDidDecide'>;
  post(message: ToWebview): void;
}

/** Shown when the open conversation was carried on elsewhere and this window's turns are saved as a copy. */
export const CHANGED_ELSEWHERE_NOTICE = 'This conversation was carried on elsewhere (in the terminal or another window) since it was opened here, so what happened here is saved as a copy; the History has both.';

/**
 * Saves the open conversation after each change worth keeping: the run's replies, results and
 * ends, a review or an approval decided. While a run goes on, a long conversation (whose save
 * takes a while) is written at most every 2 s, and when it ends.
 */
export class ConversationSaves implements vscode.Disposable {
  private readonly saves: DelayedSave;
  private readonly subscriptions: Array<{ dispose(): unknown }>;
  /** Something worth keeping happened here since the last save. */
  private changed = false;

  /** `renamed`: the open conversation is now saved under another id. */
  constructor(private readonly run: ChatRun, private readonly deps: ConversationSavesDependencies, private readonly renamed: (id: string) => void = () => undefined) {
    this.saves = new DelayedSave(
      () => this.flush(),
      (error) => deps.log.error(`Could not save the conversation: ${String(error)}`),
      () => (run.isRunning && deps.transcript.items.length > 1_000 ? 2_000 : 400),
    );
    const unsubscribe = run.subscribe((change) => {
      if (change.type === 'event' && savedAfter.has(change.event.type)) this.schedule();
      if (change.type !== 'running' || change.running) return undefined;
      this.changed = true;
      return this.flush();
    });
    this.subscriptions = [deps.reviewManager.onDidChange(() => this.schedule()), deps.approvals.onDidDecide(() => this.schedule()), { dispose: unsubscribe }];
  }

  /** The conversation changed in a way worth saving. */
  schedule(): void {
    this.changed = true;
    this.saves.schedule();
  }

  /**
   * Saves now; a conversation with nothing in it yet is not saved. One another process wrote since it
   * was opened here is never overwritten: with nothing new here it stays as written, else this
   * window's goes on as a copy.
   */
  async flush(): Promise<void> {
    this.saves.cancel();
    const { store, transcript } = this.deps;
    if (transcript.items.length === 0) return;
    const changedHere = this.changed;
    this.changed = false;
    const conversation = { ...this.run.saved, items: [...transcript.items], review: this.deps.reviewManager.state.toJSON(), updatedAt: Date.now() };
    let saved: boolean;
    try {
      saved = await store.saveIfUnchanged(conversation);
    } catch (error) {
      this.changed ||= changedHere;
      throw error;
    }
    if (saved || !changedHere) return;
    const id = randomUUID();
    const title = `${conversation.title} (copy)`;
    this.run.renameTo(id, title);
    postAll(this.deps.post, transcript.addNotice(CHANGED_ELSEWHERE_NOTICE));
    await store.save({ ...conversation, id, title, items: [...transcript.items] });
    this.renamed(id);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

const savedAfter = new Set<string>(['assistant_message', 'tool_result', 'done', 'compaction']);

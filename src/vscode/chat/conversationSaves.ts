import type * as vscode from 'vscode';
import type { ApprovalBridge } from './approvalBridge';
import type { ChatRun } from './chatRun';
import type { ChatTranscript } from './chatTranscript';
import type { ConversationStore } from './conversationStore';
import { DelayedSave } from './delayedSave';
import type { ReviewManager } from '../review/reviewManager';

export interface ConversationSavesDependencies {
  store: ConversationStore;
  log: vscode.LogOutputChannel;
  transcript: ChatTranscript;
  reviewManager: ReviewManager;
  approvals: ApprovalBridge;
}

/**
 * Saves the open conversation after each change worth keeping: the run's replies, results and
 * ends, a review or an approval decided. While a run goes on, a long conversation (whose save
 * takes a while) is written at most every 2 s, and when it ends.
 */
export class ConversationSaves implements vscode.Disposable {
  private readonly saves: DelayedSave;
  private readonly subscriptions: Array<{ dispose(): unknown }>;

  constructor(private readonly run: ChatRun, private readonly deps: ConversationSavesDependencies) {
    this.saves = new DelayedSave(
      () => this.flush(),
      (error) => deps.log.error(`Could not save the conversation: ${String(error)}`),
      () => (run.isRunning && deps.transcript.items.length > 1_000 ? 2_000 : 400),
    );
    const unsubscribe = run.subscribe((change) => {
      if (change.type === 'event' && savedAfter.has(change.event.type)) this.schedule();
      return change.type === 'running' && !change.running ? this.flush() : undefined;
    });
    this.subscriptions = [deps.reviewManager.onDidChange(() => this.schedule()), deps.approvals.onDidDecide(() => this.schedule()), { dispose: unsubscribe }];
  }

  /** The conversation changed in a way worth saving. */
  schedule(): void {
    this.saves.schedule();
  }

  /** Saves now; a conversation with nothing in it yet is not saved. */
  async flush(): Promise<void> {
    this.saves.cancel();
    if (this.deps.transcript.items.length === 0) return;
    await this.deps.store.save({ ...this.run.saved, items: [...this.deps.transcript.items], review: this.deps.reviewManager.state.toJSON(), updatedAt: Date.now() });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

const savedAfter = new Set<string>(['assistant_message', 'tool_result', 'done', 'compaction']);

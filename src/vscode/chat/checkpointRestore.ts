import type { AgentRun } from '../../core/agent/agentRun';
import type { ToWebview } from '../../protocol/toWebview';
import type { ReviewActions } from '../review/reviewActions';
import type { ChatTranscript } from './chatTranscript';
import { showWarning } from '../notifications';
import { postAll } from './postAll';

export interface CheckpointRestoreDependencies {
  actions: ReviewActions;
  transcript: ChatTranscript;
  run: Pick<AgentRun, 'isRunning'>;
  post(message: ToWebview): void;
  /** The conversation changed in a way worth saving. */
  changed(): void;
}

/** "Restore checkpoint" on a user message: its files go back to how they were then, and a notice in the chat says which. */
export async function restoreCheckpoint(itemId: string, deps: CheckpointRestoreDependencies): Promise<void> {
  if (deps.run.isRunning) {
    void showWarning('Elbow is still working. Stop it first, then restore the checkpoint.');
    return;
  }
  const restored = await deps.actions.restoreCheckpoint(itemId);
  if (restored === undefined || restored.length === 0) return;
  postAll(deps.post, deps.transcript.addNotice(`Restored ${restored.join(', ')} to how ${restored.length === 1 ? 'it was' : 'they were'} at this checkpoint.`));
  deps.changed();
}

import type { ApprovalDecision, ApprovalRequest, Approvals } from '../../core/host/approvals';
import type { ApprovalAnswer } from '../chat/approvalCard';
import { decisionOf } from '../chat/approvalCard';
import { approvalNotification, shown, type NotificationChoice } from '../chat/approvalNotification';

/** A question of a task's, as its notification asks it. */
export interface TaskQuestion {
  message: string;
  choices: Array<{ label: string; answer: ApprovalAnswer }>;
}

const allow: NotificationChoice = { label: 'Allow', answer: { decision: 'allow' } };

/**
 * The chat's question, named by the task and answered in the notification (a task has no chat to show it in).
 * A protected file it changes is in its worktree, and reaches the workspace only through review.
 */
export function taskQuestion(title: string, request: ApprovalRequest): TaskQuestion {
  const asked = approvalNotification(request);
  const named = `Elbow's task "${shown(title)}"`;
  const message = request.kind === 'protectedFile'
    ? `${named} wants to ${request.action} the protected file ${shown(request.path)} in its worktree (${shown(request.why)}). It reaches your workspace only if you review it in.`
    : asked.message.replace(/^Elbow (wants|asks)/, `${named} $1`);
  const offered = request.kind === 'protectedFile' ? [allow, ...asked.choices] : asked.choices;
  const choices = offered.flatMap((choice) => (choice.answer === 'showInChat' ? [] : [{ label: choice.label, answer: choice.answer }]));
  return { message, choices };
}

/** Asks the user in a notification; resolves with the label chosen, `undefined` when dismissed. */
export type AskInNotification = (message: string, labels: string[]) => PromiseLike<string | undefined>;

/** A task's permission questions, each a notification naming the task; no answer is a denial. */
export class TaskApprovals implements Approvals {
  constructor(
    private readonly title: string,
    private readonly ask: AskInNotification,
  ) {}

  async request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    const question = taskQuestion(this.title, request);
    const stopped = new Promise<undefined>((resolve) => {
      if (signal.aborted) resolve(undefined);
      signal.addEventListener('abort', () => resolve(undefined), { once: true });
    });
    const label = await Promise.race([this.ask(question.message, question.choices.map((choice) => choice.label)), stopped]);
    const chosen = question.choices.find((choice) => choice.label === label);
    if (chosen === undefined) return { approved: false, reason: signal.aborted ? 'The task was cancelled.' : 'The user dismissed the question.' };
    return decisionOf(request, chosen.answer);
  }
}

import type { ReviewDecisions } from './conversationReview';

/** What the user decided about all of a file's changes that were pending. */
export type ReviewOutcome = 'accepted' | 'rejected' | 'partlyRejected';

export interface SettledReview {
  path: string;
  outcome: ReviewOutcome;
  /** The chat's cards whose changes to the file were waiting for this decision. */
  cardIds: string[];
}

export function outcomeOf(decisions: ReviewDecisions): ReviewOutcome {
  if (!decisions.rejected) return 'accepted';
  return decisions.accepted ? 'partlyRejected' : 'rejected';
}

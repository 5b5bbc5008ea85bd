import * as z from 'zod';
import { FileCheckpoints } from '../../core/review/fileCheckpoints';

/** A file the agent changed in this conversation. */
export interface ReviewedFile {
  /** Absolute path. */
  path: string;
  /** As shown, e.g. `src/app.ts`. */
  displayPath: string;
  /** The text before the agent's first change, moved forward as the user accepts; `null`: the file did not exist. */
  baseline: string | null;
  /** What the agent's latest change left (`null`: it deleted the file), to tell whether the user edited it since. */
  agentText: string | null;
  /** What the user did with the changes pending since all of them were last decided; absent: nothing yet. */
  decisions?: ReviewDecisions;
  /** Kept pending from an earlier chat: this conversation's model did not make the change, so rejecting it tells the model nothing. */
  fromEarlierChat?: boolean;
  /** Where the agent's bytes landed (symbolic links resolved): undoing writes there or nowhere. */
  realPath?: string;
  /** The chat's cards whose changes to this file wait for the user's review, told the outcome once it is settled. */
  waitingCards?: string[];
}

export interface ReviewDecisions {
  accepted: boolean;
  rejected: boolean;
}

const reviewedFileSchema = z.object({
  path: z.string(),
  displayPath: z.string(),
  baseline: z.string().nullable(),
  agentText: z.string().nullable(),
  decisions: z.object({ accepted: z.boolean(), rejected: z.boolean() }).optional(),
  fromEarlierChat: z.boolean().optional(),
  realPath: z.string().optional(),
  waitingCards: z.array(z.string()).optional(),
});

const storedReviewSchema = z.object({
  files: z.array(reviewedFileSchema),
  checkpoints: z.unknown(),
  notes: z.array(z.string()),
});

/** What review needs to remember of one conversation; saved with it, so pending changes survive a reload. */
export class ConversationReview {
  readonly files = new Map<string, ReviewedFile>();
  checkpoints = new FileCheckpoints();
  /** For the model, sent with the next request (e.g. "the user rejected your change to …"). */
  notes: string[] = [];

  static fromJSON(value: unknown): ConversationReview {
    const review = new ConversationReview();
    const parsed = storedReviewSchema.safeParse(value);
    if (!parsed.success) return review;
    for (const file of parsed.data.files) review.files.set(file.path, file);
    review.checkpoints = FileCheckpoints.fromJSON(parsed.data.checkpoints);
    review.notes = parsed.data.notes;
    return review;
  }

  toJSON(): z.infer<typeof storedReviewSchema> {
    return { files: [...this.files.values()], checkpoints: this.checkpoints.toJSON(), notes: this.notes };
  }
}

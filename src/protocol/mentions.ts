import * as z from 'zod';

/** What an `@` mention points at: a workspace path, one of the special items, or an agent (`@name` first in a message picks it). */
export const mentionKindSchema = z.enum(['file', 'folder', 'selection', 'problems', 'terminal', 'gitChanges', 'agent']);
export type MentionKind = z.infer<typeof mentionKindSchema>;

export const mentionSchema = z.object({
  kind: mentionKindSchema,
  /** Workspace-relative, `/`-separated; only for files and folders. */
  path: z.string().max(4_096).optional(),
});
export type Mention = z.infer<typeof mentionSchema>;

/** One row of the `@` picker. */
export const mentionCandidateSchema = z.object({
  mention: mentionSchema,
  label: z.string(),
  /** Shown dimmed after the label, e.g. a file's folder. */
  description: z.string().optional(),
  /** Indexes into `label` of the characters the query matched, for highlighting. */
  matched: z.array(z.number().int()).optional(),
});
export type MentionCandidate = z.infer<typeof mentionCandidateSchema>;

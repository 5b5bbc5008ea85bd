import * as z from 'zod';

/**
 * What an `@` mention points at: a workspace path, one of the special items, an agent (`@name` first in a
 * message picks it), or an MCP server's resource or resource template (whose variables are asked for).
 */
export const mentionKindSchema = z.enum(['file', 'folder', 'selection', 'problems', 'terminal', 'gitChanges', 'agent', 'mcpResource', 'mcpResourceTemplate']);
export type MentionKind = z.infer<typeof mentionKindSchema>;

export const mentionSchema = z.object({
  kind: mentionKindSchema,
  /** Workspace-relative, `/`-separated; only for files and folders. */
  path: z.string().max(4_096).optional(),
  /** The MCP server, for a resource or template. */
  server: z.string().max(200).optional(),
  /** A resource's URI, or a template's URI template. */
  uri: z.string().max(2_000).optional(),
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

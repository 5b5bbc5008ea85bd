import * as z from 'zod';

/** One row of the `/` picker: Elbow's own commands, prompt files, skills and MCP prompts. */
export const slashCommandRowSchema = z.object({
  name: z.string(),
  description: z.string(),
  kind: z.enum(['elbow', 'prompt', 'skill', 'mcp']),
  argumentHint: z.string().optional(),
  /** A file's path (relative to the workspace where it is in one), an MCP server's name, or `Elbow`. */
  source: z.string(),
  /** Something to know before choosing it (a tools list that is not applied, a file that needs trust first). */
  note: z.string().optional(),
});
export type SlashCommandRow = z.infer<typeof slashCommandRowSchema>;

import * as z from 'zod';

/** An agent the header's picker offers; `origin` marks a custom agent's file (`workspace`: a repository's text). */
export const agentChoiceSchema = z.object({
  name: z.string().max(200),
  description: z.string().max(2000),
  origin: z.enum(['workspace', 'user']).optional(),
});

export type AgentChoiceRow = z.infer<typeof agentChoiceSchema>;

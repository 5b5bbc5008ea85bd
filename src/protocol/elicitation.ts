import * as z from 'zod';

/** One choice of a server question's enum field: the value sent and the server's words for it (plain text). */
export const elicitationOptionSchema = z.object({ value: z.string(), title: z.string() });

/** What the user gave for a field before it is checked: typed text, a ticked box, the picked choices. */
export const elicitationInputSchema = z.union([z.string().max(10_000), z.boolean(), z.array(z.string().max(1_000)).max(100)]);
export type ElicitationInput = z.infer<typeof elicitationInputSchema>;

/** A field of an MCP server's question, as the form shows it; its title and description are the server's, plain text. */
export const elicitationFieldSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  kind: z.enum(['text', 'number', 'boolean', 'choice', 'choices']),
  /** For text: `email`, `uri`, `date` or `date-time`. */
  format: z.string().optional(),
  /** For numbers: a whole number is asked for. */
  integer: z.boolean().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  options: z.array(elicitationOptionSchema).optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
});
export type ElicitationFieldView = z.infer<typeof elicitationFieldSchema>;

/**
 * An MCP server's question (elicitation) on the card of the call it came with: a form, or a page to open
 * in the browser. Everything the server wrote is data: shown as plain text, never as Markdown or a link.
 */
export const elicitationSchema = z.object({
  /** The pending question's own id: the answer names it. */
  question: z.string().max(100).optional(),
  /** Who asks: the server's name, and the configuration file that names it (absent on cards saved before it was kept). */
  server: z.string(),
  source: z.string().optional(),
  message: z.string(),
  mode: z.enum(['form', 'url']),
  fields: z.array(elicitationFieldSchema).optional(),
  /** URL mode: the page, and its origin shown in full. */
  url: z.string().optional(),
  origin: z.string().optional(),
  state: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
  /** While pending after a failed Accept: what the user gave, and what is wrong with each field. */
  values: z.record(z.string(), elicitationInputSchema).optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type Elicitation = z.infer<typeof elicitationSchema>;

/** What the user chose on a question's card. */
export const elicitationActionSchema = z.enum(['accept', 'decline', 'cancel']);

import * as z from 'zod';

/** One tool of an MCP server, as the MCP panel lists it. */
export const mcpToolSchema = z.object({
  /** As the server names it, e.g. `create_issue`. */
  name: z.string(),
  /** As the model sees it, e.g. `mcp__github__create_issue`. */
  modelName: z.string(),
  description: z.string(),
  /** The server annotates it as only reading (`readOnlyHint`). */
  readOnly: z.boolean(),
  /** Off: the model does not get this tool (`disabledTools` in the server's configuration). */
  enabled: z.boolean(),
  /** Runs without asking (`alwaysAllow` in the server's configuration). */
  alwaysAllowed: z.boolean(),
});
export type McpToolInfo = z.infer<typeof mcpToolSchema>;

/**
 * `idle`: configured, started when a conversation first needs tools. `awaitingApproval`: not
 * started until the user says so; `declined`: the user chose not to start it (Restart asks again).
 * `signInRequired`: a remote server refused Elbow until the user signs in (OAuth).
 */
export const mcpServerStateSchema = z.enum(['idle', 'connecting', 'connected', 'failed', 'disabled', 'awaitingApproval', 'declined', 'signInRequired']);
export type McpServerState = z.infer<typeof mcpServerStateSchema>;

/** How Elbow reaches a server; `http` tries streamable HTTP, then SSE. */
export const mcpTransportSchema = z.enum(['stdio', 'sse', 'streamableHttp', 'http']);
export type McpTransportType = z.infer<typeof mcpTransportSchema>;

/** One resource of a server (`resources/list`), as the panel and the `@` picker list it. */
export const mcpResourceSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type McpResourceInfo = z.infer<typeof mcpResourceSchema>;

/** A resource template (`resources/templates/list`): its variables are asked for before it is read. */
export const mcpResourceTemplateSchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type McpResourceTemplateInfo = z.infer<typeof mcpResourceTemplateSchema>;

export const mcpServerSchema = z.object({
  name: z.string(),
  state: mcpServerStateSchema,
  /** For `failed`: why, in words for the user, and when it is tried again; for `awaitingApproval` and `declined`: what to do. */
  error: z.string().optional(),
  transport: mcpTransportSchema,
  /** The configuration file it comes from, as shown (e.g. `.elbow/mcp.json`). */
  source: z.string(),
  /** Remote servers that sign in with OAuth: whether Elbow holds tokens for it (absent while not known to use OAuth). */
  signedIn: z.boolean().optional(),
  tools: z.array(mcpToolSchema),
  resources: z.array(mcpResourceSchema),
  resourceTemplates: z.array(mcpResourceTemplateSchema),
});
export type McpServerInfo = z.infer<typeof mcpServerSchema>;

/** Everything the MCP panel shows. */
export const mcpStateSchema = z.object({
  servers: z.array(mcpServerSchema),
  /** Problems in the configuration files, one line each naming the file and the field. */
  problems: z.array(z.string()),
  /** Set when the model would get too many tools: what happens and what to do about it. */
  warning: z.string().optional(),
});
export type McpState = z.infer<typeof mcpStateSchema>;

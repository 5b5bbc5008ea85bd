/**
 * What an MCP server may ask of Elbow (the client features of the protocol): the user's answer to
 * a question (elicitation) and the workspace folders (roots). A host that leaves one out does not
 * declare that capability, and servers do not ask for it.
 */
export interface McpClientHandlers {
  /** Asks the user; an answer the user did not give is `decline` or `cancel`, never made up. */
  elicit?(request: McpElicitation, signal: AbortSignal): Promise<McpElicitationAnswer>;
  /** The folders the server may work in, as `file://` URIs. */
  roots?(): readonly McpRoot[];
}

/** Who asks: the server's name and the configuration file that names it (as shown, e.g. `.vscode/mcp.json`). */
export interface McpQuestionAsker {
  server: string;
  source: string;
}

/** A server's question (`elicitation/create`). Its text is the server's, shown as data. */
export type McpElicitation = McpQuestionAsker & (
  | { mode: 'form'; message: string; requestedSchema: McpElicitationSchema }
  | { mode: 'url'; message: string; url: string; elicitationId: string });

/** The flat object schema a form-mode question asks for (string, number, integer, boolean and enum fields). */
export interface McpElicitationSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}

/** `accept` with the values (form mode) or the user's consent to open the URL (URL mode); `decline` said no; `cancel` dismissed. */
export type McpElicitationAnswer =
  | { action: 'accept'; content?: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

export interface McpRoot {
  uri: string;
  name?: string;
}

const fieldTypes = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/** The question of an `elicitation/create` request, or `undefined` when it is not one Elbow can show (a nested schema, a URL that is not http(s)). */
export function elicitationOf(asker: McpQuestionAsker, params: Record<string, unknown>): McpElicitation | undefined {
  const { server, source } = asker;
  const message = typeof params.message === 'string' ? params.message : '';
  if (params.mode === 'url') {
    const { url, elicitationId } = params;
    if (typeof url !== 'string' || typeof elicitationId !== 'string') return undefined;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return { server, source, mode: 'url', message, url: parsed.href, elicitationId };
  }
  const schema = params.requestedSchema;
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { type, properties, required } = schema as Record<string, unknown>;
  if (type !== 'object' || typeof properties !== 'object' || properties === null || Array.isArray(properties)) return undefined;
  const fields = Object.entries(properties as Record<string, unknown>);
  if (!fields.every(([, field]) => typeof field === 'object' && field !== null && fieldTypes.has(String((field as Record<string, unknown>).type)))) return undefined;
  const names = new Set(fields.map(([name]) => name));
  const requiredNames = Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string' && names.has(name)) : [];
  return { server, source, mode: 'form', message, requestedSchema: { type: 'object', properties: properties as Record<string, Record<string, unknown>>, required: requiredNames } };
}

/** A resource as Elbow keeps it from `resources/list`: bounded, with the fields it reads. */
export interface McpResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Bytes, when the server says. */
  size?: number;
}

/** A resource template (`resources/templates/list`): an RFC 6570 URI template whose variables the user fills in. */
export interface McpResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One item of a `resources/read` answer. */
export type McpResourceContents =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

/** Resources and templates kept of one server; the rest are dropped with a warning. */
export const maxResourcesPerServer = 500;
const maxUriLength = 2_000;
const maxNameLength = 200;
const maxDescriptionLength = 300;

/** The well-formed entries of a list answer, at most `maxResourcesPerServer`, each URI once. */
export function keptResources(listed: readonly unknown[]): { resources: McpResourceDefinition[]; dropped: number } {
  const resources: McpResourceDefinition[] = [];
  const seen = new Set<string>();
  for (const item of listed) {
    if (resources.length >= maxResourcesPerServer) break;
    const fields = fieldsOf(item, 'uri');
    if (fields === undefined || seen.has(fields.uri)) continue;
    seen.add(fields.uri);
    const size = (item as { size?: unknown }).size;
    resources.push({ ...withoutKey(fields), uri: fields.uri, ...(typeof size === 'number' && Number.isFinite(size) && size >= 0 ? { size } : {}) });
  }
  return { resources, dropped: listed.length - resources.length };
}

export function keptResourceTemplates(listed: readonly unknown[]): { templates: McpResourceTemplateDefinition[]; dropped: number } {
  const templates: McpResourceTemplateDefinition[] = [];
  const seen = new Set<string>();
  for (const item of listed) {
    if (templates.length >= maxResourcesPerServer) break;
    const fields = fieldsOf(item, 'uriTemplate');
    if (fields === undefined || seen.has(fields.uri)) continue;
    seen.add(fields.uri);
    templates.push({ ...withoutKey(fields), uriTemplate: fields.uri });
  }
  return { templates, dropped: listed.length - templates.length };
}

interface ListedFields {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

function fieldsOf(item: unknown, key: 'uri' | 'uriTemplate'): ListedFields | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const uri = record[key];
  const { name, title, description, mimeType } = record;
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > maxUriLength || /\p{C}/u.test(uri)) return undefined;
  return {
    uri,
    name: typeof name === 'string' && name.trim() !== '' ? oneLine(name, maxNameLength) : uri.slice(0, maxNameLength),
    ...(typeof title === 'string' ? { title: oneLine(title, maxNameLength) } : {}),
    ...(typeof description === 'string' ? { description: oneLine(description, maxDescriptionLength) } : {}),
    ...(typeof mimeType === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? { mimeType } : {}),
  };
}

function withoutKey(fields: ListedFields): Omit<ListedFields, 'uri'> {
  const { uri: _uri, ...rest } = fields;
  return rest;
}

function oneLine(text: string, length: number): string {
  const line = text.replace(/[\s\p{C}]+/gu, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

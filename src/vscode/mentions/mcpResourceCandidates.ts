import type { McpResourceDefinition, McpResourceTemplateDefinition } from '../../core/mcp/mcpResource';
import { rankFuzzily } from '../../core/mentions/mentionRanking';
import type { MentionCandidate } from '../../protocol/mentions';

/** The resources and templates of one running server (`McpManager.resources()`). */
export interface ServerResources {
  server: string;
  resources: readonly McpResourceDefinition[];
  templates: readonly McpResourceTemplateDefinition[];
}

/** Rows of MCP resources at most: a few before anything is typed, so the workspace's files still show. */
const maxRows = { browsing: 8, searching: 20 };

interface Row {
  label: string;
  candidate: Omit<MentionCandidate, 'label' | 'matched'>;
}

/** The `@` picker's rows for MCP resources and templates, labelled `server: name`, ranked by the query. */
export function mcpResourceCandidates(query: string, servers: readonly ServerResources[]): MentionCandidate[] {
  const rows: Row[] = servers.flatMap(({ server, resources, templates }) => [
    ...resources.map((resource): Row => ({
      label: `${server}: ${resource.title ?? resource.name}`,
      candidate: { mention: { kind: 'mcpResource', server, uri: resource.uri }, description: [resource.uri, resource.mimeType].filter(Boolean).join(' · ') },
    })),
    ...templates.map((template): Row => ({
      label: `${server}: ${template.title ?? template.name}`,
      candidate: { mention: { kind: 'mcpResourceTemplate', server, uri: template.uriTemplate }, description: `${template.uriTemplate} · asks for its values` },
    })),
  ]);
  const limit = query.trim() === '' ? maxRows.browsing : maxRows.searching;
  return rankFuzzily(rows, (row) => row.label, query, limit).map(({ item, positions }) => ({ ...item.candidate, label: item.label, matched: positions }));
}

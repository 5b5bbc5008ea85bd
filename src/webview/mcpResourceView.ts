import type { McpResourceInfo, McpResourceTemplateInfo, McpServerInfo } from '../protocol/mcpServers';
import { h } from './dom';
import { plural } from './format';

/**
 * A server's resources and resource templates in the MCP panel: a list folded like its tools, each row its
 * name, URI, type and size. The element stays across updates, so an open list stays open. Attached with `@`.
 */
export class McpResourceView {
  private readonly summary = h('summary', { className: 'mcp-resources-summary' });
  private readonly list = h('ul', { className: 'mcp-resource-list' });
  readonly element = h('details', { className: 'mcp-resources' }, [this.summary, this.list]);

  update(server: McpServerInfo): void {
    const { resources, resourceTemplates } = server;
    const parts = [
      ...(resources.length > 0 ? [plural(resources.length, 'resource')] : []),
      ...(resourceTemplates.length > 0 ? [plural(resourceTemplates.length, 'template')] : []),
    ];
    this.summary.textContent = parts.join(' · ');
    this.summary.title = 'Attach one to a message with @ in the chat input';
    this.element.hidden = parts.length === 0;
    this.list.replaceChildren(...resources.map(resourceRow), ...resourceTemplates.map(templateRow));
  }
}

function resourceRow(resource: McpResourceInfo): HTMLLIElement {
  const facts = [resource.mimeType, resource.size === undefined ? undefined : bytesText(resource.size)].filter((fact) => fact !== undefined);
  return row(resource.title ?? resource.name, resource.uri, facts, resource.description, { 'data-uri': resource.uri });
}

function templateRow(template: McpResourceTemplateInfo): HTMLLIElement {
  return row(template.title ?? template.name, template.uriTemplate, ['template', ...(template.mimeType === undefined ? [] : [template.mimeType])], template.description, { 'data-uri-template': template.uriTemplate });
}

function row(name: string, uri: string, facts: readonly string[], description: string | undefined, attributes: Record<string, string>): HTMLLIElement {
  const trimmed = description?.trim() ?? '';
  return h('li', { className: 'mcp-resource', attributes }, [
    h('div', { className: 'mcp-resource-head' }, [
      h('span', { className: 'mcp-resource-name', text: name, attributes: { title: name } }),
      ...facts.map((fact) => h('span', { className: 'mcp-tag', text: fact })),
    ]),
    h('div', { className: 'mcp-resource-uri', text: uri, attributes: { title: uri } }),
    ...(trimmed === '' ? [] : [h('div', { className: 'mcp-resource-description', text: trimmed, attributes: { title: trimmed } })]),
  ]);
}

function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

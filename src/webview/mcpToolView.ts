import type { McpToolInfo } from '../protocol/mcpServers';
import { h } from './dom';
import type { ExtensionLink } from './vscodeApi';

let nextId = 0;

/** One tool of an MCP server in the MCP panel: what it does, its tags, and whether the model gets it. */
export class McpToolView {
  readonly element: HTMLLIElement;
  private readonly name = h('span', { className: 'mcp-tool-name' });
  private readonly readOnly = h('span', { className: 'mcp-tag mcp-tag-read-only', text: 'read-only', attributes: { title: 'The server marks this tool as only reading' } });
  private readonly alwaysAllowed = h('span', { className: 'mcp-tag mcp-tag-always', text: 'always allowed', attributes: { title: 'Runs without asking' } });
  private readonly description = h('div', { className: 'mcp-tool-description' });
  private readonly checkbox = h('input', { className: 'mcp-tool-enabled', attributes: { type: 'checkbox' } });

  constructor(server: string, tool: string, extension: ExtensionLink) {
    const nameId = `mcp-tool-name-${nextId}`;
    const labelId = `mcp-tool-label-${nextId}`;
    nextId += 1;
    this.name.id = nameId;
    // Read as "Give to the model create_issue": the visible label first, then which tool it is about.
    this.checkbox.setAttribute('aria-labelledby', `${labelId} ${nameId}`);
    this.element = h('li', { className: 'mcp-tool', attributes: { 'data-tool': tool } }, [
      h('div', { className: 'mcp-tool-head' }, [this.name, this.readOnly, this.alwaysAllowed]),
      this.description,
      h('label', { className: 'mcp-tool-toggle' }, [this.checkbox, h('span', { id: labelId, text: 'Give to the model' })]),
    ]);
    this.checkbox.addEventListener('change', () => extension.post({ type: 'mcpSetToolEnabled', server, tool, enabled: this.checkbox.checked }));
  }

  update(tool: McpToolInfo): void {
    this.element.dataset.enabled = String(tool.enabled);
    this.name.textContent = tool.name;
    this.name.title = `The model sees it as ${tool.modelName}`;
    this.readOnly.hidden = !tool.readOnly;
    this.alwaysAllowed.hidden = !tool.alwaysAllowed;
    const description = tool.description.trim();
    this.description.textContent = description;
    this.description.title = description;
    this.description.hidden = description === '';
    this.checkbox.checked = tool.enabled;
  }
}

import type { McpServerInfo, McpState } from '../protocol/mcpServers';
import { codicon, h, iconButton } from './dom';
import { KeyedList } from './keyedList';
import { ModalPanel } from './modalPanel';
import { McpServerView } from './mcpServerView';
import type { ExtensionLink } from './vscodeApi';

/**
 * The MCP servers over the chat: their status and tools, problems in their configuration, and the actions on them.
 * It shows the extension's latest state, kept while closed; Escape or the close button returns to the chat.
 */
export class McpPanel {
  readonly element: HTMLElement;
  private readonly title = h('h2', { id: 'mcp-title', text: 'MCP Servers', attributes: { tabindex: '-1' } });
  private readonly warningText = h('span', { className: 'mcp-warning-text' });
  private readonly warning = h('div', { id: 'mcp-warning', className: 'mcp-warning', hidden: true }, [codicon('warning', 'mcp-warning-icon'), this.warningText]);
  private readonly problemList = h('ul', { className: 'mcp-problem-list' });
  private readonly problems = h('section', { id: 'mcp-problems', className: 'mcp-problems', hidden: true, attributes: { 'aria-labelledby': 'mcp-problems-title' } }, [
    h('h3', { id: 'mcp-problems-title', className: 'mcp-problems-title' }, [codicon('error', 'mcp-problems-icon'), 'Configuration problems']),
    this.problemList,
  ]);
  private readonly serverList = h('ul', { id: 'mcp-servers', className: 'mcp-servers', attributes: { 'aria-label': 'Servers' } });
  private readonly servers: KeyedList<McpServerInfo, McpServerView>;
  private readonly empty: HTMLElement;
  private readonly modal: ModalPanel;

  constructor(
    extension: ExtensionLink,
    /** The rest of the page, made inert while the panel is open. */
    behind: HTMLElement,
    fallbackFocus: () => void,
  ) {
    this.servers = new KeyedList(this.serverList, (server) => server.name, (server) => new McpServerView(server.name, extension));
    const addServer = (id: string, className: string) =>
      iconButton({ id, className, icon: 'add', label: 'Add an MCP server', text: 'Add server', onClick: () => extension.post({ type: 'mcpAddServer' }) });
    this.empty = h('div', { id: 'mcp-empty', className: 'mcp-empty' }, [
      h('p', { text: 'MCP servers give Elbow more tools: an issue tracker, a database, a browser and more.' }),
      addServer('mcp-empty-add-server', 'primary-button'),
      h('p', { className: 'mcp-empty-files' }, [
        'Servers are configured for this workspace in ', h('code', { text: '.elbow/mcp.json' }), ' or ', h('code', { text: '.vscode/mcp.json' }),
        ', and for all workspaces in ', h('code', { text: '~/.elbow/mcp.json' }), '.',
      ]),
    ]);
    this.element = h('section', {
      id: 'mcp',
      className: 'mcp-panel',
      hidden: true,
      attributes: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'mcp-title' },
    }, [
      h('div', { className: 'mcp-panel-header' }, [this.title, iconButton({ id: 'mcp-close', icon: 'close', label: 'Close MCP servers', onClick: () => this.hide() })]),
      h('div', { className: 'mcp-toolbar' }, [
        addServer('mcp-add-server', 'secondary-button'),
        iconButton({ id: 'mcp-open-config', className: 'secondary-button', icon: 'go-to-file', label: 'Open the MCP configuration file', text: 'Open configuration', onClick: () => extension.post({ type: 'mcpOpenConfig' }) }),
      ]),
      h('div', { className: 'mcp-body' }, [this.warning, this.problems, this.serverList, this.empty]),
    ]);
    this.modal = new ModalPanel(this.element, behind, fallbackFocus);
  }

  open(): void {
    if (this.modal.open()) this.title.focus();
  }

  hide(): void {
    this.modal.hide();
  }

  update(state: McpState): void {
    const focused = document.activeElement instanceof HTMLElement && this.element.contains(document.activeElement) ? document.activeElement : undefined;
    const focusedServer = focused?.closest<HTMLElement>('.mcp-server')?.dataset.server;
    this.warningText.textContent = state.warning ?? '';
    this.warning.hidden = state.warning === undefined;
    this.problemList.replaceChildren(...state.problems.map((problem) => h('li', { text: problem })));
    this.problems.hidden = state.problems.length === 0;
    this.servers.update(state.servers);
    this.serverList.hidden = state.servers.length === 0;
    this.empty.hidden = state.servers.length > 0;
    if (focused !== undefined) this.keepFocus(focused, focusedServer);
  }

  /** A control the user just used keeps the focus; if it went away, its server's toggle takes it, else the title. */
  private keepFocus(focused: HTMLElement, server: string | undefined): void {
    if (focused.isConnected && focused.checkVisibility()) {
      if (document.activeElement !== focused) focused.focus({ preventScroll: true });
      return;
    }
    const view = server === undefined ? undefined : this.servers.get(server);
    if (view !== undefined) view.focus();
    else this.title.focus({ preventScroll: true });
  }
}

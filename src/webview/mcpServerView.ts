import type { McpServerInfo, McpServerState, McpToolInfo, McpTransportType } from '../protocol/mcpServers';
import { codicon, h } from './dom';
import { plural } from './format';
import { KeyedList } from './keyedList';
import { McpAccountRow } from './mcpAccountRow';
import { McpResourceView } from './mcpResourceView';
import { McpToolView } from './mcpToolView';
import type { ExtensionLink } from './vscodeApi';

const states: Readonly<Record<McpServerState, { icon: string; text: string }>> = {
  idle: { icon: 'circle-large-outline', text: 'Not started' },
  connecting: { icon: 'loading codicon-modifier-spin', text: 'Connecting…' },
  connected: { icon: 'pass-filled', text: 'Connected' },
  failed: { icon: 'error', text: 'Failed' },
  disabled: { icon: 'circle-slash', text: 'Disabled' },
  awaitingApproval: { icon: 'shield', text: 'Waiting for approval' },
  declined: { icon: 'debug-stop', text: 'Not started' },
  signInRequired: { icon: 'account', text: 'Sign-in required' },
};

/** States whose `error` tells the user why the server is not running and what to do. */
const explained: ReadonlySet<McpServerState> = new Set(['failed', 'awaitingApproval', 'declined', 'signInRequired']);

const transports: Readonly<Record<McpTransportType, string>> = {
  stdio: 'stdio',
  sse: 'SSE',
  streamableHttp: 'Streamable HTTP',
  http: 'HTTP',
};

/**
 * One MCP server in the MCP panel: its status, where it comes from, why it failed, Restart and Enable/Disable, its sign-in, and its
 * tools in a list that keeps its open state and its tools' rows across updates.
 */
export class McpServerView {
  readonly element: HTMLLIElement;
  private readonly statusIcon = codicon('circle-large-outline', 'mcp-server-status-icon');
  private readonly statusText = h('span', { className: 'mcp-server-status' });
  private readonly meta = h('div', { className: 'mcp-server-meta' });
  private readonly note = h('div', { className: 'mcp-server-note', text: 'Starts when a conversation first needs tools.' });
  private readonly error = h('div', { className: 'mcp-server-error' });
  private readonly account: McpAccountRow;
  private readonly restart: HTMLButtonElement;
  private readonly toggleIcon = codicon('circle-slash');
  private readonly toggleText = h('span', { className: 'button-text' });
  private readonly toggle = h('button', { className: 'mcp-server-toggle secondary-button', attributes: { type: 'button' } }, [this.toggleIcon, this.toggleText]);
  private readonly toolsSummary = h('summary', { className: 'mcp-tools-summary' });
  private readonly toolList = h('ul', { className: 'mcp-tool-list' });
  private readonly tools: KeyedList<McpToolInfo, McpToolView>;
  private readonly toolsDetails = h('details', { className: 'mcp-tools' }, [this.toolsSummary, this.toolList]);
  private readonly noTools = h('div', { className: 'mcp-tools-none', text: 'No tools' });
  private readonly resources = new McpResourceView();
  private enabled = true;

  constructor(private readonly name: string, extension: ExtensionLink) {
    this.restart = h('button', {
      className: 'mcp-server-restart secondary-button',
      attributes: { type: 'button', title: `Stop ${name} and start it again`, 'aria-label': `Restart ${name}` },
    }, [codicon('debug-restart'), h('span', { className: 'button-text', text: 'Restart' })]);
    this.account = new McpAccountRow(name, extension);
    this.tools = new KeyedList(this.toolList, (tool) => tool.name, (tool) => new McpToolView(name, tool.name, extension));
    this.element = h('li', { className: 'mcp-server', attributes: { 'data-server': name } }, [
      h('div', { className: 'mcp-server-header' }, [
        h('div', { className: 'mcp-server-title' }, [
          this.statusIcon,
          h('span', { className: 'mcp-server-name', text: name, attributes: { title: name } }),
          this.statusText,
        ]),
        h('div', { className: 'mcp-server-actions' }, [this.restart, this.toggle]),
      ]),
      this.meta,
      this.note,
      this.error,
      this.account.element,
      this.toolsDetails,
      this.noTools,
      this.resources.element,
    ]);
    this.restart.addEventListener('click', () => extension.post({ type: 'mcpRestart', server: name }));
    this.toggle.addEventListener('click', () => extension.post({ type: 'mcpSetServerEnabled', server: name, enabled: !this.enabled }));
  }

  /** Where the keyboard goes when the control it was on went away: the toggle is always there. */
  focus(): void {
    this.toggle.focus({ preventScroll: true });
  }

  update(server: McpServerInfo): void {
    const state = states[server.state];
    this.enabled = server.state !== 'disabled';
    this.element.dataset.state = server.state;
    this.statusIcon.className = `codicon codicon-${state.icon} mcp-server-status-icon`;
    this.statusText.textContent = state.text;
    this.meta.textContent = `${transports[server.transport]} · ${server.source}`;
    this.meta.title = `Transport: ${transports[server.transport]}\nConfigured in ${server.source}`;
    this.note.hidden = server.state !== 'idle';
    const error = explained.has(server.state) ? server.error?.trim() ?? '' : '';
    this.error.textContent = error;
    this.error.hidden = error === '';
    this.restart.hidden = !this.enabled;
    this.account.update(server);
    this.toggleIcon.className = `codicon codicon-${this.enabled ? 'circle-slash' : 'play'}`;
    this.toggleText.textContent = this.enabled ? 'Disable' : 'Enable';
    this.toggle.setAttribute('aria-label', `${this.enabled ? 'Disable' : 'Enable'} ${this.name}`);
    this.toggle.title = this.enabled ? `Turn ${this.name} off (saved in ${server.source})` : `Turn ${this.name} on (saved in ${server.source})`;
    this.updateTools(server);
    this.resources.update(server);
  }

  private updateTools(server: McpServerInfo): void {
    this.tools.update(server.tools);
    const count = server.tools.length;
    const off = server.tools.filter((tool) => !tool.enabled).length;
    this.toolsSummary.textContent = off === 0 ? plural(count, 'tool') : `${plural(count, 'tool')} · ${off} turned off`;
    this.toolsDetails.hidden = count === 0;
    this.noTools.hidden = count > 0 || server.state !== 'connected';
  }
}

import type { McpState } from '../protocol/mcpServers';
import { codicon, h } from './dom';
import { plural } from './format';

const label = 'MCP servers';

/** The header button that opens the MCP panel; a warning dot when something there needs the user's attention. */
export class McpButton {
  private readonly badge = h('span', { className: 'mcp-badge', hidden: true, attributes: { 'aria-hidden': 'true' } });
  readonly element = h('button', {
    id: 'mcp-button',
    className: 'icon-button mcp-button',
    attributes: { type: 'button', title: label, 'aria-label': label },
  }, [codicon('server-environment'), this.badge]);

  constructor(open: () => void) {
    this.element.addEventListener('click', open);
  }

  set(state: McpState): void {
    const issues = attentionNeeded(state);
    const text = issues.length === 0 ? label : `${label}: ${issues.join(', ')}`;
    this.badge.hidden = issues.length === 0;
    this.element.dataset.attention = String(issues.length > 0);
    this.element.title = text;
    this.element.setAttribute('aria-label', text);
  }
}

/** What is wrong, in a few words each; empty when nothing is (or no server is configured). */
function attentionNeeded(state: McpState): string[] {
  const failed = state.servers.filter((server) => server.state === 'failed').length;
  const issues: string[] = [];
  if (failed > 0) issues.push(`${plural(failed, 'server')} failed`);
  if (state.problems.length > 0) issues.push(plural(state.problems.length, 'configuration problem'));
  if (state.warning !== undefined) issues.push('too many tools');
  return issues;
}

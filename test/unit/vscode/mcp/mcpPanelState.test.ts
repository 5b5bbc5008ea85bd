import assert from 'node:assert/strict';
import type { McpServerState, McpStatus } from '../../../../src/core/mcp/mcpServerStatus';
import { mcpStateSchema } from '../../../../src/protocol/mcpServers';
import { mcpPanelState } from '../../../../src/vscode/mcp/mcpPanelState';

const tool = { name: 'echo', modelName: 'mcp__everything__echo', description: 'Echoes its input.', readOnly: true, enabled: true, alwaysAllowed: false };

describe('MCP panel: the servers\' status as the webview gets it', () => {
  it('carries every server, tool, problem and the warning over unchanged, and the webview accepts it', () => {
    const status: McpStatus = {
      servers: [
        { name: 'everything', state: 'connected', transport: 'stdio', source: '.elbow/mcp.json', tools: [tool], resources: [], resourceTemplates: [] },
        { name: 'remote', state: 'failed', error: 'fetch failed. Retrying in 1 s (1 of 5).', transport: 'http', source: '~/.elbow/mcp.json', tools: [], resources: [], resourceTemplates: [] },
      ],
      problems: ['.elbow/mcp.json: mcpServers.broken.command: expected a string'],
      warning: 'The model would get 140 tools.',
    };
    const state = mcpPanelState(status);
    assert.deepEqual(state, status);
    assert.deepEqual(mcpStateSchema.parse(state), state);
  });

  it('leaves out the error and the warning when there are none', () => {
    const state = mcpPanelState({ servers: [{ name: 'files', state: 'idle', transport: 'sse', source: '.vscode/mcp.json', tools: [], resources: [], resourceTemplates: [] }], problems: [] });
    assert.equal('warning' in state, false);
    assert.equal('error' in (state.servers[0] ?? {}), false);
  });

  it('has a panel state for every server state and a panel transport for every transport', () => {
    const states: McpServerState[] = ['idle', 'connecting', 'connected', 'failed', 'disabled', 'awaitingApproval', 'declined', 'signInRequired'];
    const transports = ['stdio', 'sse', 'streamableHttp', 'http'] as const;
    const status: McpStatus = {
      servers: states.flatMap((state) => transports.map((transport) => ({ name: `${state}-${transport}`, state, transport, source: 'mcp.json', tools: [], resources: [], resourceTemplates: [] }))),
      problems: [],
    };
    const state = mcpStateSchema.parse(mcpPanelState(status));
    assert.deepEqual(state.servers.map((server) => [server.state, server.transport]), status.servers.map((server) => [server.state, server.transport]));
  });
});

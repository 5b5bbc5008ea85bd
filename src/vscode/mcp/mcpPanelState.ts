import type { McpServerState, McpServerStatus, McpStatus } from '../../core/mcp/mcpServerStatus';
import type { McpTransportType } from '../../core/mcp/mcpServerConfig';
import type { McpServerInfo, McpState, McpServerState as PanelServerState, McpTransportType as PanelTransportType } from '../../protocol/mcpServers';

// The core and the webview protocol each define these; the maps fail to compile when a core value has no panel value.
const panelServerStates = {
  idle: 'idle',
  connecting: 'connecting',
  connected: 'connected',
  failed: 'failed',
  disabled: 'disabled',
  awaitingApproval: 'awaitingApproval',
  declined: 'declined',
  signInRequired: 'signInRequired',
} as const satisfies Record<McpServerState, PanelServerState>;

const panelTransports = {
  stdio: 'stdio',
  sse: 'sse',
  streamableHttp: 'streamableHttp',
  http: 'http',
} as const satisfies Record<McpTransportType, PanelTransportType>;

/** What the chat's MCP panel shows for the servers' status. */
export function mcpPanelState(status: McpStatus): McpState {
  return {
    servers: status.servers.map(panelServer),
    problems: [...status.problems],
    ...(status.warning === undefined ? {} : { warning: status.warning }),
  };
}

function panelServer(server: McpServerStatus): McpServerInfo {
  return {
    name: server.name,
    state: panelServerStates[server.state],
    ...(server.error === undefined ? {} : { error: server.error }),
    transport: panelTransports[server.transport],
    source: server.source,
    ...(server.signedIn === undefined ? {} : { signedIn: server.signedIn }),
    tools: server.tools.map((tool) => ({
      name: tool.name,
      modelName: tool.modelName,
      description: tool.description,
      readOnly: tool.readOnly,
      enabled: tool.enabled,
      alwaysAllowed: tool.alwaysAllowed,
    })),
    resources: server.resources.map((resource) => ({ ...resource })),
    resourceTemplates: server.resourceTemplates.map((template) => ({ ...template })),
  };
}

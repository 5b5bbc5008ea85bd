import type { PassThrough } from 'node:stream';
import { TerminalApprovals } from '../../src/cli/cliApprovals';
import { runInteractiveChat, type ReplIo } from '../../src/cli/repl';
import { AgentSession } from '../../src/core/agent/agentSession';
import { sessionSetup } from '../../src/core/agent/sessionSetup';
import type { AgentHost } from '../../src/core/host/host';
import { createProvider } from '../../src/core/llm/providers/createProvider';
import { FixedPermissionSettings } from '../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../src/core/permissions/permissionGate';
import type { ToolRegistry } from '../../src/core/tools/registry';
import type { FakeLlmServer } from './fakeLlmServer';
import { createTerminalScreen, type TerminalScreen } from './terminalScreen';

export interface TerminalChat {
  terminal: TerminalScreen;
  input: PassThrough;
  /** Resolves when the chat ends (end the input to end it). */
  finished: Promise<void>;
}

/** The interactive chat for `session` on a terminal screen; with `approvals`, permission questions are asked there too. */
export function startTerminalChat(session: AgentSession, approvals?: TerminalApprovals, more: Pick<ReplIo, 'resources'> = {}): TerminalChat {
  const terminal = createTerminalScreen();
  const { input } = terminal;
  const finished = runInteractiveChat(session, {
    input,
    output: terminal.output,
    renderer: terminal.renderer,
    ...(approvals === undefined ? {} : { onAskLine: (askLine) => approvals.attach(askLine) }),
    ...more,
  });
  return { terminal, input, finished };
}

/** A chat against the fake OpenAI server whose permission questions the user answers on the terminal. */
export function startAskingTerminalChat(host: AgentHost, server: FakeLlmServer, registry: ToolRegistry): TerminalChat {
  const approvals = new TerminalApprovals({ color: false });
  const permissions = new PermissionGate({ settings: new FixedPermissionSettings(), approvals });
  const provider = createProvider({ provider: 'openai', apiKey: server.apiKey, baseURL: server.openaiBaseUrl });
  return startTerminalChat(new AgentSession({ host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry }), permissions }), approvals);
}

import type { AgentSession } from '../core/agent/agentSession';
import { createAgentSession } from '../core/agent/createAgentSession';
import { createNodeHost } from '../node/createNodeHost';
import type { CliConfig } from './cliConfig';

export async function createCliSession(config: CliConfig, root: string): Promise<AgentSession> {
  return createAgentSession({
    host: await createNodeHost([root]),
    provider: { provider: config.provider, apiKey: config.apiKey, baseURL: config.baseUrl },
    model: config.model,
    maxTurns: config.maxTurns,
  });
}

import * as os from 'node:os';
import { AgentSession } from '../core/agent/agentSession';
import { loadProjectInstructions } from '../core/agent/projectInstructions';
import { buildSystemPrompt } from '../core/agent/systemPrompt';
import { createProvider } from '../core/llm/providers/createProvider';
import { builtinTools } from '../core/tools/builtin';
import { ToolRegistry } from '../core/tools/registry';
import { createNodeHost } from '../node/createNodeHost';
import type { CliConfig } from './cliConfig';

export async function createCliSession(config: CliConfig, root: string): Promise<AgentSession> {
  const host = await createNodeHost([root]);
  const registry = new ToolRegistry();
  for (const tool of builtinTools()) registry.register(tool);
  const instructions = await loadProjectInstructions(host.files, host.workspaceRoots);
  const system = buildSystemPrompt({
    workspaceRoots: host.workspaceRoots,
    platform: `${os.type()} (${process.platform})`,
    shell: host.environment.shell,
    date: host.environment.today(),
    instructions,
  });
  const provider = createProvider({ provider: config.provider, apiKey: config.apiKey, baseURL: config.baseUrl });
  return new AgentSession({ host, provider, model: config.model, system, registry, maxTurns: config.maxTurns });
}

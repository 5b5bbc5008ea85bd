import * as os from 'node:os';
import * as path from 'node:path';
import { AgentSession } from '../core/agent/agentSession';
import { loadProjectInstructions } from '../core/agent/projectInstructions';
import { buildSystemPrompt } from '../core/agent/systemPrompt';
import type { AgentHost } from '../core/host/host';
import { createProvider } from '../core/llm/providers/createProvider';
import { builtinTools } from '../core/tools/builtin';
import { ToolRegistry } from '../core/tools/registry';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { createWorkspaceSearcher } from '../node/createWorkspaceSearcher';
import type { CliConfig } from './cliConfig';

/** The terminal host: the workspace is one folder on the local disk. */
export async function createNodeHost(root: string): Promise<AgentHost> {
  const files = new NodeFileSystem();
  return {
    workspaceRoots: [root],
    files,
    searcher: await createWorkspaceSearcher({ files, scope: { roots: [root] } }),
    environment: {
      platform: process.platform,
      shell: process.env.SHELL ?? (process.platform === 'win32' ? (process.env.ComSpec ?? 'cmd.exe') : '/bin/sh'),
      today: () => new Date().toISOString().slice(0, 10),
    },
  };
}

export async function createCliSession(config: CliConfig, root: string): Promise<AgentSession> {
  const host = await createNodeHost(root);
  const registry = new ToolRegistry();
  for (const tool of builtinTools()) registry.register(tool);
  const instructions = await loadProjectInstructions(host.files, host.workspaceRoots, path.join);
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

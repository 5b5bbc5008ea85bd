import { CommandSession } from '../src/core/tools/builtin/commands/commandSession';
import type { AgentHost } from '../src/core/host/host';
import { toolResultText } from '../src/core/llm/messages';
import type { WorkspaceSearcher } from '../src/core/host/searcher';
import { FixedPermissionSettings } from '../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../src/core/permissions/permissionGate';
import { BuiltinSearcher } from '../src/core/search/builtinSearcher';
import { builtinTools } from '../src/core/tools/builtin/index';
import { ToolRegistry } from '../src/core/tools/registry';
import type { ToolContext } from '../src/core/tools/tool';
import { Workspace } from '../src/core/workspace/workspace';
import { createNodeHost } from '../src/node/createNodeHost';
import { NodeFileSystem } from '../src/node/nodeFileSystem';

export interface ToolOutcome {
  text: string;
  isError: boolean;
  summary: string;
}

/** A host over one workspace root, as the CLI builds it, and the built-in tools run through the registry. */
export interface BenchHost {
  host: AgentHost;
  searcher: WorkspaceSearcher;
  callTool(name: string, input: Record<string, unknown>): Promise<ToolOutcome>;
}

/** A bench host as the CLI builds it (`ripgrep`), or with the pure TypeScript searcher (`builtin`). */
export async function createBenchHost(root: string, engine: 'ripgrep' | 'builtin'): Promise<BenchHost> {
  const host = await createNodeHost([root], engine === 'builtin' ? { searcher: new BuiltinSearcher(new NodeFileSystem(), { roots: [root] }) } : {});
  const searcher = host.searcher;
  if (engine === 'ripgrep' && !searcher.engine.startsWith('ripgrep')) throw new Error('ripgrep (rg) was not found on the PATH.');
  // One Workspace and one registry for all calls, as in a session.
  const workspace = new Workspace(host);
  const registry = new ToolRegistry();
  for (const tool of builtinTools()) registry.register(tool);
  const permissions = new PermissionGate({ settings: new FixedPermissionSettings() });
  const commands = new CommandSession();
  let callNumber = 0;
  return {
    host,
    searcher,
    callTool: async (name, input) => {
      const context: ToolContext = { host, workspace, signal: new AbortController().signal, permissions, commands };
      const call = { type: 'tool_call' as const, id: `bench-${++callNumber}`, name, arguments: JSON.stringify(input) };
      const { result, summary } = await registry.run(call, context);
      return { text: toolResultText(result), isError: result.isError, summary };
    },
  };
}

import type { UserMessage } from '../core/llm/messages';
import type { McpManager } from '../core/mcp/mcpManager';
import { looksLikeMcpPrompt, mcpPromptEntryNamed, mcpPromptSource } from '../core/mcp/mcpPromptSource';
import type { ToolSource } from '../core/tools/toolSource';

/**
 * `elbow -p "/mcp.<server>.<prompt> …"`: the prompt's messages instead of the typed line. The
 * servers start first (after the workspace's trust review); the words after the name are the
 * prompt's arguments, since nobody can be asked for them. Other text is returned unchanged.
 */
export async function expandMcpPromptCommand(prompt: string, mcp: { manager: McpManager; tools: ToolSource }, signal: AbortSignal): Promise<string | UserMessage['content']> {
  const typed = prompt.trimStart();
  if (!looksLikeMcpPrompt(typed) || !typed.startsWith('/')) return prompt;
  const [, name = '', rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(typed) ?? [];
  await mcp.tools.prepare(signal);
  const source = mcpPromptSource(mcp.manager);
  const entries = source.entries();
  const entry = mcpPromptEntryNamed(entries, name);
  if (entry === undefined) {
    const offered = entries.map((candidate) => `/${candidate.name}`);
    throw new Error(`${name}: no running MCP server offers this prompt. ${offered.length === 0 ? 'No MCP server offers prompts here.' : `Offered: ${offered.join(', ')}.`}`);
  }
  return source.expand(entry, { text: rest, values: {} }, signal);
}

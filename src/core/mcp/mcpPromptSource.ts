import type { SlashEntry, SlashInput, SlashSource } from '../customize/slashSource';
import type { UserMessage } from '../llm/messages';
import type { McpPromptDefinition, McpPromptResult } from './mcpPrompt';
import { mcpPromptArguments } from './mcpPromptArguments';
import { mcpPromptContent } from './mcpPromptMessage';

/** The parts of the MCP manager the prompts' slash commands use. */
export interface McpPrompts {
  prompts(): Array<{ server: string; prompts: readonly McpPromptDefinition[] }>;
  getPrompt(server: string, prompt: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptResult>;
  onDidChange?(listener: () => void): { dispose(): void };
}

/**
 * The running MCP servers' prompts as slash commands, named `mcp.<server>.<prompt>` (as VS Code
 * names them); `mcp__<server>__<prompt>` (Claude Code's) finds the same command.
 */
export function mcpPromptSource(manager: McpPrompts): SlashSource {
  const listed = (): Array<{ entry: SlashEntry; server: string; prompt: string }> =>
    manager.prompts().flatMap(({ server, prompts }) => prompts.map((prompt) => ({ entry: entryOf(server, prompt), server, prompt: prompt.name })));
  return {
    entries: () => listed().map(({ entry }) => entry),
    ...(manager.onDidChange === undefined ? {} : { onDidChange: manager.onDidChange.bind(manager) }),
    async expand(entry: SlashEntry, input: SlashInput, signal: AbortSignal): Promise<string | UserMessage['content']> {
      const found = listed().find((candidate) => candidate.entry.name === entry.name);
      if (found === undefined) throw new Error(`/${entry.name} is no longer offered: its MCP server "${entry.source}" stopped or no longer lists that prompt.`);
      const { values, rest } = mcpPromptArguments(found.entry.name, found.entry.arguments, input);
      const content = mcpPromptContent(await manager.getPrompt(found.server, found.prompt, values, signal), `/${found.entry.name}`);
      if (rest === '') return content;
      return typeof content === 'string' ? `${content}\n\n${rest}` : [...content, { type: 'text', text: rest }];
    },
  };
}

/** The MCP prompt a typed command names, in either convention (`mcp.server.prompt` or `mcp__server__prompt`). */
export function mcpPromptEntryNamed(entries: readonly SlashEntry[], typed: string): SlashEntry | undefined {
  const name = typed.startsWith('/') ? typed.slice(1) : typed;
  return entries.find((entry) => entry.kind === 'mcp' && (entry.name === name || claudeCodeName(entry) === name));
}

/** True for a typed command that names an MCP prompt in either convention, offered or not. */
export function looksLikeMcpPrompt(typed: string): boolean {
  return /^\/?mcp(\.|__)\S/.test(typed);
}

function entryOf(server: string, prompt: McpPromptDefinition): SlashEntry {
  const argumentHint = prompt.arguments.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`)).join(' ');
  return {
    name: `mcp.${typeable(server)}.${prompt.name}`,
    description: prompt.description === '' ? (prompt.title ?? prompt.name) : prompt.description,
    kind: 'mcp',
    ...(argumentHint === '' ? {} : { argumentHint }),
    arguments: prompt.arguments.map((argument) => ({ ...argument })),
    source: server,
  };
}

function claudeCodeName(entry: SlashEntry): string {
  const prompt = entry.name.slice(`mcp.${typeable(entry.source)}.`.length);
  return `mcp__${typeable(entry.source)}__${prompt}`;
}

/** A server's name as typed after `/`: its spaces as `_`. */
function typeable(server: string): string {
  return server.replace(/\s/g, '_');
}

import type { AgentSession } from '../core/agent/agentSession';
import { customizationSlashSources } from '../core/customize/customizationSlashSources';
import { SlashCatalog, slashHelpLines } from '../core/customize/slashCatalog';
import type { SlashEntry, SlashSource } from '../core/customize/slashSource';
import { expandTypedSlash } from '../core/customize/slashExpansion';
import type { UserMessage } from '../core/llm/messages';
import { UsageError } from './cliArguments';

/** The terminal's own commands, as `/help` lists them. */
const ownNames = ['usage', 'compact', 'retry', 'plan', 'act', 'steer', 'help', 'exit'];

/** Every slash command of this session: the terminal's own, then prompt files, skills and MCP prompts. */
export function cliSlashCatalog(session: AgentSession, others: readonly SlashSource[] = []): SlashCatalog {
  const own: SlashEntry[] = ownNames.map((name) => ({ name, description: '', kind: 'elbow', arguments: [], source: 'Elbow' }));
  return new SlashCatalog(own, customizationSlashSources(session.setup.customizations, session.host, others));
}

/** The part of `/help` after Elbow's own commands; empty when there are none. */
export function customSlashHelp(catalog: SlashCatalog): string {
  const entries = catalog.entries().filter((entry) => entry.kind !== 'elbow');
  if (entries.length === 0) return '';
  return `\nFrom prompt files, skills and MCP servers (type /name and its arguments):\n${slashHelpLines(entries)}`;
}

/** `elbow -p "/name args"`: the expanded prompt; the line itself when it names no such command. Nobody can be asked for values here. */
export async function oneShotPrompt(session: AgentSession, prompt: string, signal: AbortSignal): Promise<string | UserMessage['content']> {
  const expansion = await expandTypedSlash(cliSlashCatalog(session), prompt, undefined, signal);
  if (expansion.kind === 'error') throw new UsageError(expansion.message);
  return expansion.kind === 'message' ? expansion.content : prompt;
}

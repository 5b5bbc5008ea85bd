import type { CommandRunner } from '../host/commandRunner';
import type { Customizations } from './customizations';
import { promptSlashSource } from './promptSlashSource';
import { skillSlashSource } from './skillSlashSource';
import type { SlashSource } from './slashSource';

export interface SlashSourceHost {
  commands: CommandRunner;
  workspaceRoots: readonly string[];
}

/**
 * The slash commands the customizations bring, in the order they are offered after Elbow's own:
 * prompt files, skills, then the host's others (the MCP servers' prompts).
 */
export function customizationSlashSources(customizations: Customizations, host: SlashSourceHost, others: readonly SlashSource[] = []): SlashSource[] {
  return [promptSlashSource(customizations.commands, { commands: host.commands, cwd: host.workspaceRoots[0] ?? '.' }), skillSlashSource(customizations.skills), ...others];
}

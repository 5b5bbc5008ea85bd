import type { CommandRunner } from '../host/commandRunner';
import type { CustomizationOrigin } from './customizationFile';
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
 * the user's prompt files and skills, the host's others (the MCP servers' prompts), then the
 * workspace's. A name is the first source's that has it, so a cloned repository cannot stand in
 * for a command, skill or prompt of the user's.
 */
export function customizationSlashSources(customizations: Customizations, host: SlashSourceHost, others: readonly SlashSource[] = []): SlashSource[] {
  const from = (origin: CustomizationOrigin): SlashSource[] => [
    promptSlashSource(customizations.commands.filter((command) => command.file.origin === origin), { commands: host.commands, cwd: host.workspaceRoots[0] ?? '.' }),
    skillSlashSource(customizations.skills.filter((skill) => skill.file.origin === origin)),
  ];
  return [...from('user'), ...others, ...from('workspace')];
}

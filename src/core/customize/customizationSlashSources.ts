import type { CommandRunner } from '../host/commandRunner';
import type { Customizations } from './customizations';
import { promptSlashSource } from './promptSlashSource';
import type { SlashSource } from './slashSource';

export interface SlashSourceHost {
  commands: CommandRunner;
  workspaceRoots: readonly string[];
}

/** The slash commands the customizations bring, in the order they are offered after Elbow's own. */
export function customizationSlashSources(customizations: Customizations, host: SlashSourceHost): SlashSource[] {
  return [promptSlashSource(customizations.commands, { commands: host.commands, cwd: host.workspaceRoots[0] ?? '.' })];
}

import type { CustomizationFile } from './customizationFile';
import type { Customizations } from './customizations';

/** Every file the customizations were read from, once each. */
export function customizationFilesOf(customizations: Customizations): CustomizationFile[] {
  const all = [
    ...customizations.skills.map((skill) => skill.file),
    ...customizations.commands.map((command) => command.file),
    ...customizations.agents.flatMap((agent) => (agent.file === undefined ? [] : [agent.file])),
    ...customizations.hooks.map((hook) => hook.file),
  ];
  return [...new Map(all.map((file) => [file.path, file])).values()];
}

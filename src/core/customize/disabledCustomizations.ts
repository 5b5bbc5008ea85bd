import * as path from 'node:path';
import type { Customizations } from './customizations';

/** The four kinds of customization, as the Customize view groups them. */
export type CustomizationKind = 'skill' | 'command' | 'agent' | 'hook';

/**
 * What the user turned off (`elbow.customize.disabled`): each entry a name (`review`), a kind and a
 * name (`skill:review`), or a file's path (absolute, or relative to a workspace folder). It can only
 * take things away, so a workspace may set it too.
 */
export class DisabledCustomizations {
  private readonly entries: ReadonlySet<string>;

  constructor(entries: readonly string[], private readonly workspaceRoots: readonly string[] = []) {
    this.entries = new Set(entries.map((entry) => entry.trim()).filter((entry) => entry !== ''));
  }

  /** The entry that turns this one off, as the Customize view writes it. */
  static keyOf(kind: CustomizationKind, name: string): string {
    return `${kind}:${name}`;
  }

  isOff(kind: CustomizationKind, name: string, file?: string): boolean {
    if (this.entries.has(name) || this.entries.has(DisabledCustomizations.keyOf(kind, name))) return true;
    if (file === undefined) return false;
    const absolute = path.resolve(file);
    return [...this.entries].some((entry) => (path.isAbsolute(entry) ? [path.resolve(entry)] : this.workspaceRoots.map((root) => path.resolve(root, entry))).includes(absolute));
  }
}

/** A hook's name in the listing and the setting: its event, its matcher when it has one, and its command. */
export function hookName(hook: { event: string; matcher?: string; command: string }): string {
  const matcher = hook.matcher === undefined || hook.matcher === '' ? '' : ` ${hook.matcher}`;
  return `${hook.event}${matcher}: ${hook.command}`;
}

/** The customizations without those turned off: what every session, picker and listing of what runs uses. */
export function enabledCustomizations(customizations: Customizations, disabled: DisabledCustomizations): Customizations {
  return {
    skills: customizations.skills.filter((skill) => !disabled.isOff('skill', skill.name, skill.file.path)),
    commands: customizations.commands.filter((command) => !disabled.isOff('command', command.name, command.file.path)),
    agents: customizations.agents.filter((agent) => !disabled.isOff('agent', agent.name, agent.file?.path)),
    hooks: customizations.hooks.filter((hook) => !disabled.isOff('hook', hookName(hook), hook.file.path)),
    problems: customizations.problems,
  };
}

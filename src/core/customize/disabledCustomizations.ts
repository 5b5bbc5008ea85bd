import * as path from 'node:path';
import type { CustomizationOrigin } from './customizationFile';
import type { Customizations } from './customizations';

/** The four kinds of customization, as the Customize view groups them. */
export type CustomizationKind = 'skill' | 'command' | 'agent' | 'hook';

/**
 * What the user turned off (`elbow.customize.disabled`): each entry a name (`review`), a kind and a
 * name (`skill:review`), or a file's path (absolute, or relative to a workspace folder). The user's
 * entries turn off anything; a workspace's only what came with the workspace, so a cloned repository
 * cannot turn off the user's own hooks (a hook that refuses things, off, lets them through).
 */
export class DisabledCustomizations {
  private readonly entries: ReadonlySet<string>;
  private readonly workspaceEntries: ReadonlySet<string>;

  constructor(entries: readonly string[], private readonly workspaceRoots: readonly string[] = [], workspaceEntries: readonly string[] = []) {
    const clean = (list: readonly string[]): Set<string> => new Set(list.map((entry) => entry.trim()).filter((entry) => entry !== ''));
    this.entries = clean(entries);
    this.workspaceEntries = clean(workspaceEntries);
  }

  /** The entry that turns this one off, as the Customize view writes it. */
  static keyOf(kind: CustomizationKind, name: string): string {
    return `${kind}:${name}`;
  }

  /** `origin`: where the customization came from; the workspace's entries turn off only the workspace's. */
  isOff(kind: CustomizationKind, name: string, file?: string, origin: CustomizationOrigin = 'user'): boolean {
    return this.turnsOff(this.entries, kind, name, file) || (origin === 'workspace' && this.turnsOff(this.workspaceEntries, kind, name, file));
  }

  private turnsOff(entries: ReadonlySet<string>, kind: CustomizationKind, name: string, file: string | undefined): boolean {
    if (entries.has(name) || entries.has(DisabledCustomizations.keyOf(kind, name))) return true;
    if (file === undefined) return false;
    const absolute = path.resolve(file);
    return [...entries].some((entry) => (path.isAbsolute(entry) ? [path.resolve(entry)] : this.workspaceRoots.map((root) => path.resolve(root, entry))).includes(absolute));
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
    skills: customizations.skills.filter((skill) => !disabled.isOff('skill', skill.name, skill.file.path, skill.file.origin)),
    commands: customizations.commands.filter((command) => !disabled.isOff('command', command.name, command.file.path, command.file.origin)),
    agents: customizations.agents.filter((agent) => !disabled.isOff('agent', agent.name, agent.file?.path, agent.file?.origin)),
    hooks: customizations.hooks.filter((hook) => !disabled.isOff('hook', hookName(hook), hook.file.path, hook.file.origin)),
    problems: customizations.problems,
  };
}

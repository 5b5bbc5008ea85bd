import { skillListingLine } from './skillListing';
import { textTokens } from '../context/tokenEstimate';
import type { CustomizationFile, CustomizationOrigin } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';
import type { Customizations } from './customizations';
import { hookName, type CustomizationKind, type DisabledCustomizations } from './disabledCustomizations';

/** One skill, command, agent or hook as the Customize view and `/customize` list it. */
export interface CustomizationRow {
  kind: CustomizationKind;
  name: string;
  description: string;
  /** Absent for what is built into Elbow. */
  file?: string;
  origin: CustomizationOrigin | 'built-in';
  trusted: boolean;
  enabled: boolean;
  /**
   * What it costs in prompt tokens: a skill its line in the skills listing (every request), an
   * agent its prompt (while picked), a command its body (when used), a hook nothing.
   */
  tokens: number;
}

export interface CustomizationGroup {
  kind: CustomizationKind;
  /** Plural, capitalised: `Skills`. */
  title: string;
  rows: CustomizationRow[];
}

export interface CustomizationListing {
  groups: CustomizationGroup[];
  problems: readonly CustomizationProblem[];
}

/** Everything found, grouped by kind in a fixed order, each group sorted by name. */
export function customizationListing(customizations: Customizations, disabled: DisabledCustomizations): CustomizationListing {
  const row = (kind: CustomizationKind, name: string, description: string, file: CustomizationFile | undefined, tokens: number): CustomizationRow => ({
    kind,
    name,
    description,
    file: file?.path,
    origin: file?.origin ?? 'built-in',
    trusted: file === undefined || file.trusted,
    enabled: !disabled.isOff(kind, name, file?.path, file?.origin),
    tokens,
  });
  const sorted = (rows: CustomizationRow[]): CustomizationRow[] => rows.sort((a, b) => a.name.localeCompare(b.name));
  return {
    groups: [
      { kind: 'skill', title: 'Skills', rows: sorted(customizations.skills.map((skill) => row('skill', skill.name, skill.description, skill.file, textTokens(skillListingLine(skill))))) },
      { kind: 'command', title: 'Commands', rows: sorted(customizations.commands.map((command) => row('command', command.name, command.description ?? '', command.file, textTokens(command.body)))) },
      { kind: 'agent', title: 'Agents', rows: sorted(customizations.agents.map((agent) => row('agent', agent.name, agent.description, agent.file, textTokens(agent.prompt)))) },
      { kind: 'hook', title: 'Hooks', rows: sorted(customizations.hooks.map((hook) => row('hook', hookName(hook), '', hook.file, 0))) },
    ],
    problems: customizations.problems,
  };
}

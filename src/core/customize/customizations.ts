import * as path from 'node:path';
import { relativeInside } from '../search/searchScope';
import type { AgentProfile } from './agentProfile';
import { loadAgentProfiles } from './agentProfile';
import type { CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';
import { loadHooks, type HookEntry } from './hookSettings';
import { loadPromptCommands, type PromptCommand } from './promptCommand';
import { loadSkills, type Skill } from './skill';

/** Everything a team taught Elbow in files: skills, slash commands, agents and hooks, and what was wrong with any of them. */
export interface Customizations {
  skills: readonly Skill[];
  commands: readonly PromptCommand[];
  agents: readonly AgentProfile[];
  hooks: readonly HookEntry[];
  problems: readonly CustomizationProblem[];
}

export const noCustomizations: Customizations = { skills: [], commands: [], agents: [], hooks: [], problems: [] };

/** Reads them all; never throws (a file that cannot be used is a problem in the list). */
export async function loadCustomizations(given: CustomizationReader): Promise<Customizations> {
  // A home inside a workspace folder holds workspace files: they are read as the workspace's, trusted by their content.
  const reader = (await homeInWorkspace(given)) ? { ...given, homeDirectory: undefined } : given;
  const [skills, commands, agents, hooks] = await Promise.all([loadSkills(reader), loadPromptCommands(reader), loadAgentProfiles(reader), loadHooks(reader)]);
  return {
    skills: skills.skills,
    commands: commands.commands,
    agents: agents.agents,
    hooks: hooks.hooks,
    problems: [...skills.problems, ...commands.problems, ...agents.problems, ...hooks.problems],
  };
}

/** The home folder lies in a workspace folder, as named or where its links lead. */
async function homeInWorkspace(reader: CustomizationReader): Promise<boolean> {
  const home = reader.homeDirectory;
  if (home === undefined) return false;
  const real = (folder: string): Promise<string> => reader.files.realPath(folder).catch(() => folder);
  const realHome = await real(home);
  for (const root of reader.workspaceRoots) {
    const realRoot = await real(root);
    if (relativeInside(path.resolve(root), path.resolve(home)) !== undefined || relativeInside(realRoot, realHome) !== undefined) return true;
  }
  return false;
}

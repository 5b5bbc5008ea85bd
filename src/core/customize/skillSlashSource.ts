import type { Skill } from './skill';
import { offeredSkills } from './skillListing';
import type { SlashEntry, SlashSource } from './slashSource';

/**
 * The skills as slash commands (`/skill-name what to do`): the message carries the skill's
 * instructions, marked as such, then the user's text. Only the offered skills are listed; an
 * untrusted workspace skill is refused with what to do about it.
 */
export function skillSlashSource(skills: readonly Skill[]): SlashSource {
  const entries: SlashEntry[] = offeredSkills(skills).map((skill) => ({
    name: skill.name,
    description: skill.description,
    kind: 'skill',
    argumentHint: '[what to do]',
    arguments: [],
    source: skill.file.path,
  }));
  return {
    entries: () => entries,
    expand(entry, input) {
      const skill = skills.find((candidate) => candidate.name === entry.name);
      if (skill === undefined) return Promise.reject(new Error(`There is no skill named ${entry.name}.`));
      if (!skill.file.trusted) {
        return Promise.reject(new Error(`The skill ${skill.name} is from this workspace, whose customizations you have not trusted: run "Elbow: Trust This Workspace's Customizations" to use it.`));
      }
      const request = input.text.trim();
      const instructions = `The user activated the skill "${skill.name}". Follow its instructions (its folder, with any files they mention, is ${skill.folder}):\n<skill name="${skill.name}">\n${skill.body}\n</skill>`;
      return Promise.resolve(request === '' ? instructions : `${instructions}\n\n${request}`);
    },
  };
}

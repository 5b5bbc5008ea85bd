import type { CustomizationFile, CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';

/** A skill (Agent Skills format): a folder with a `SKILL.md` whose frontmatter names and describes it. */
export interface Skill {
  name: string;
  description: string;
  /** The `SKILL.md` as read (path, origin, trust). */
  file: CustomizationFile;
  /** The folder holding `SKILL.md`, where its `scripts/`, `references/` and `assets/` are. */
  folder: string;
  /** The instructions after the frontmatter, given to the model only when the skill is activated. */
  body: string;
}

/** The skills found in the skill folders; a skill that breaks the format is left out with a problem. */
export function loadSkills(_reader: CustomizationReader): Promise<{ skills: Skill[]; problems: CustomizationProblem[] }> {
  return Promise.resolve({ skills: [], problems: [] });
}

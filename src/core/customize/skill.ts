import * as path from 'node:path';
import { customizationFolders, readCustomizationFile, type CustomizationFile, type CustomizationFolder, type CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';
import { parseSkill, type SkillFields } from './skillFrontmatter';

/** A skill (Agent Skills format): a folder with a `SKILL.md` whose frontmatter names and describes it. */
export interface Skill extends SkillFields {
  /** The `SKILL.md` as read (path, origin, trust). */
  file: CustomizationFile;
  /** The folder holding `SKILL.md`, where its `scripts/`, `references/` and `assets/` are. */
  folder: string;
}

/** More skills than this are not read: each costs prompt tokens, and a repository could hold thousands. */
export const maxSkills = 200;

/**
 * Where skills are looked for, in the order a name is claimed: the user's own first (a repository
 * cannot shadow them), then each workspace folder's Elbow, Agent Skills, Claude Code and Copilot folders.
 */
export function skillFolders(reader: CustomizationReader): CustomizationFolder[] {
  const all = customizationFolders(reader, ['.elbow/skills', '.agents/skills', '.claude/skills', '.github/skills'], ['.elbow/skills', '.agents/skills']);
  return [...all.filter((folder) => folder.origin === 'user'), ...all.filter((folder) => folder.origin === 'workspace')];
}

/** The skills found in the skill folders; a skill that breaks the format is left out with a problem. */
export async function loadSkills(reader: CustomizationReader): Promise<{ skills: Skill[]; problems: CustomizationProblem[] }> {
  const skills: Skill[] = [];
  const problems: CustomizationProblem[] = [];
  const claimed = new Map<string, Skill>();
  let attempted = 0;
  let skipped = 0;
  let firstSkipped: string | undefined;
  for (const folder of skillFolders(reader)) {
    for (const skillFolder of await subfolders(reader, folder.path)) {
      const file = path.join(skillFolder, 'SKILL.md');
      if ((await reader.files.stat(file).catch(() => undefined)) === undefined) continue;
      // Counted as found, valid or not: a repository of thousands of broken skills is bounded too.
      if (attempted >= maxSkills) {
        skipped += 1;
        firstSkipped ??= file;
        continue;
      }
      attempted += 1;
      const read = await readCustomizationFile(reader, file, folder.origin);
      if (!read.ok) {
        problems.push(read.problem);
        continue;
      }
      const parsed = parseSkill(read.file.text, file, path.basename(skillFolder));
      problems.push(...parsed.problems);
      if (parsed.fields === undefined) continue;
      const earlier = claimed.get(parsed.fields.name);
      if (earlier !== undefined) {
        problems.push({ file, line: 1, rule: `a skill named "${parsed.fields.name}" was already found in ${earlier.file.path}, which takes precedence; this one is not used` });
        continue;
      }
      const skill: Skill = { ...parsed.fields, file: read.file, folder: skillFolder };
      claimed.set(skill.name, skill);
      skills.push(skill);
    }
  }
  if (firstSkipped !== undefined) {
    problems.push({ file: firstSkipped, line: 1, rule: `only the first ${maxSkills} skill folders are read; ${skipped} more (from this one on) are left out` });
  }
  return { skills, problems };
}

/** The immediate subfolders, by name; none when the folder is missing. */
async function subfolders(reader: CustomizationReader, folder: string): Promise<string[]> {
  const entries = await reader.files.readDirectory(folder).catch(() => []);
  return entries
    .filter((entry) => entry.kind === 'directory')
    .map((entry) => entry.name)
    .sort()
    .map((name) => path.join(folder, name));
}

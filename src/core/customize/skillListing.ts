import { textTokens } from '../context/tokenEstimate';
import type { Skill } from './skill';

/** What the skills' listing may cost in every request: twenty skills with one-sentence descriptions fit. */
export const skillListingBudgetTokens = 1_500;

export const activateSkillToolName = 'activate_skill';

/** The skills the model may be offered: the user's own, and the workspace's once the user trusted them. */
export function offeredSkills(skills: readonly Skill[]): Skill[] {
  return skills.filter((skill) => skill.file.trusted);
}

/** Description lengths tried, longest first, when the listing is over its budget. */
const shortenedLengths = [400, 200, 120, 80, 50];

const introduction = `# Skills
Skills are instructions for particular tasks that the user or the project keeps. Only their names and descriptions are here. When a task matches a skill's description, call ${activateSkillToolName} with its name before you start and follow the instructions it returns; read the files it points to with read_file only when you need them. Do not activate a skill the task does not need.`;

/**
 * The system prompt's section listing the offered skills (names and descriptions only), within
 * `budget` tokens: descriptions are shortened first, then skills left out with a count that says
 * so. Undefined when there are none. The same skills give the same text, so the prompt stays a
 * stable prefix.
 */
export function skillListing(skills: readonly Skill[], budget = skillListingBudgetTokens): string | undefined {
  if (skills.length === 0) return undefined;
  const full = listingText(skills, undefined, 0);
  if (textTokens(full) <= budget) return full;
  for (const length of shortenedLengths) {
    const shortened = listingText(skills, length, 0);
    if (textTokens(shortened) <= budget) return shortened;
  }
  const shortest = shortenedLengths[shortenedLengths.length - 1];
  for (let shown = skills.length - 1; shown >= 0; shown -= 1) {
    const text = listingText(skills.slice(0, shown), shortest, skills.length - shown);
    if (textTokens(text) <= budget || shown === 0) return text;
  }
  return full;
}

function listingText(skills: readonly Skill[], descriptionLength: number | undefined, left: number): string {
  const lines = skills.map((skill) => skillListingLine(skill, descriptionLength));
  if (left > 0) lines.push(`(${left} more skill${left === 1 ? ' is' : 's are'} installed but not listed, for room; ${activateSkillToolName} names them all.)`);
  return `${introduction}\n${lines.join('\n')}`;
}

/** How a skill is named to the model before it is activated: its name and description on one line (shortened to `descriptionLength`). */
export function skillListingLine(skill: { name: string; description: string }, descriptionLength?: number): string {
  return `- ${skill.name}: ${shorten(oneLine(skill.description), descriptionLength)}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string, length: number | undefined): string {
  if (length === undefined || text.length <= length) return text;
  return `${text.slice(0, length - 1).trimEnd()}…`;
}

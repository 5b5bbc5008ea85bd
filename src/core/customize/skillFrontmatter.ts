import type { CustomizationProblem } from './customizationProblem';
import { parseFrontmatter, type Frontmatter } from './frontmatter';

export const maxSkillNameLength = 64;
export const maxSkillDescriptionLength = 1024;
export const maxSkillCompatibilityLength = 500;

/** The fields of the Agent Skills format; others (Claude Code's own, e.g. `disable-model-invocation`) are left alone. */
const namePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What a `SKILL.md` says of its skill. */
export interface SkillFields {
  name: string;
  description: string;
  /** The instructions after the frontmatter, given to the model only when the skill is activated. */
  body: string;
  license?: string;
  compatibility?: string;
  metadata?: Readonly<Record<string, string>>;
  /** Shown to the user only: Elbow's approvals come from the user, never from a skill. */
  allowedTools?: readonly string[];
}

export interface ParsedSkill {
  /** Undefined when a required field breaks a rule. */
  fields: SkillFields | undefined;
  problems: CustomizationProblem[];
}

/**
 * Reads a `SKILL.md` by the Agent Skills specification (agentskills.io): `name` and `description`
 * are required, `license`, `compatibility`, `metadata` and `allowed-tools` optional. A rule the
 * required fields break leaves the skill out; a broken optional field only drops that field.
 */
export function parseSkill(text: string, file: string, folderName: string): ParsedSkill {
  const frontmatter = parseFrontmatter(text, file);
  const problems = [...frontmatter.problems];
  const problem = (field: string, rule: string): void => void problems.push({ file, line: frontmatter.lineOf(field), rule });
  if (!frontmatter.present) {
    problems.push({ file, line: 1, rule: 'SKILL.md must start with YAML frontmatter between --- lines, with at least name and description' });
    return { fields: undefined, problems };
  }
  if (frontmatter.problems.length > 0) return { fields: undefined, problems };
  const name = requiredText(frontmatter, 'name', problem);
  if (name !== undefined) checkName(name, folderName, problem);
  const description = requiredText(frontmatter, 'description', problem);
  if (description !== undefined && description.length > maxSkillDescriptionLength) {
    problem('description', `description is ${description.length} characters long; the Agent Skills format allows at most ${maxSkillDescriptionLength}`);
  }
  if (problems.length > 0 || name === undefined || description === undefined) return { fields: undefined, problems };
  const skill: SkillFields = { name, description, body: frontmatter.body.trim() };
  const license = optionalText(frontmatter, 'license', problem);
  if (license !== undefined) skill.license = license;
  const compatibility = optionalText(frontmatter, 'compatibility', problem);
  if (compatibility !== undefined) {
    if (compatibility.length > maxSkillCompatibilityLength) problem('compatibility', `compatibility is ${compatibility.length} characters long; at most ${maxSkillCompatibilityLength} are allowed, so it is ignored`);
    else skill.compatibility = compatibility;
  }
  const metadata = metadataOf(frontmatter, problem);
  if (metadata !== undefined) skill.metadata = metadata;
  const allowedTools = allowedToolsOf(frontmatter, problem);
  if (allowedTools !== undefined) skill.allowedTools = allowedTools;
  return { fields: skill, problems };
}

type Report = (field: string, rule: string) => void;

function requiredText(frontmatter: Frontmatter, field: string, problem: Report): string | undefined {
  const value = frontmatter.fields[field];
  if (value === undefined || value === null) {
    problem(field, `the required field ${field} is missing`);
    return undefined;
  }
  if (typeof value !== 'string') {
    problem(field, `${field} must be text`);
    return undefined;
  }
  const text = value.trim();
  if (text === '') {
    problem(field, `${field} must not be empty`);
    return undefined;
  }
  return text;
}

function optionalText(frontmatter: Frontmatter, field: string, problem: Report): string | undefined {
  const value = frontmatter.fields[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    problem(field, `${field} must be non-empty text, so it is ignored`);
    return undefined;
  }
  return value.trim();
}

function checkName(name: string, folderName: string, problem: Report): void {
  if (name.length > maxSkillNameLength) problem('name', `name is ${name.length} characters long; at most ${maxSkillNameLength} are allowed`);
  else if (!/^[a-z0-9-]+$/.test(name)) problem('name', `name "${name}" may hold only lowercase letters, digits and hyphens`);
  else if (!namePattern.test(name)) problem('name', `name "${name}" must not start or end with a hyphen or hold two hyphens in a row`);
  else if (name !== folderName) problem('name', `name "${name}" must be the name of the skill's folder, "${folderName}"`);
}

function metadataOf(frontmatter: Frontmatter, problem: Report): Record<string, string> | undefined {
  const value = frontmatter.fields.metadata;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problem('metadata', 'metadata must be a mapping of keys to text values, so it is ignored');
    return undefined;
  }
  const metadata = Object.create(null) as Record<string, string>;
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    // `version: 1.0` is meant as text; only nested values break the string-to-string rule.
    if (typeof entry !== 'string' && typeof entry !== 'number' && typeof entry !== 'boolean') {
      problem('metadata', `metadata's ${key} must be text, so metadata is ignored`);
      return undefined;
    }
    metadata[key] = String(entry);
  }
  return metadata;
}

/**
 * `allowed-tools`: space-separated in the Agent Skills format, comma-separated or a YAML list in
 * Claude Code's (`Read, Grep`, `Bash(git add:*)`). Shown to the user; it never approves anything.
 */
function allowedToolsOf(frontmatter: Frontmatter, problem: Report): string[] | undefined {
  const value = frontmatter.fields['allowed-tools'];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value.map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (typeof value !== 'string') {
    problem('allowed-tools', 'allowed-tools must be a space-separated list of tool names, so it is ignored');
    return undefined;
  }
  return toolTokens(value);
}

/** Splits on spaces and commas outside parentheses, so `Bash(git add:*)` stays one. */
function toolTokens(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth += 1;
    else if (character === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[\s,]/.test(character)) {
      if (current !== '') tokens.push(current);
      current = '';
    } else current += character;
  }
  if (current !== '') tokens.push(current);
  return tokens;
}

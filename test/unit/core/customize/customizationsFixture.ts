import { customizationHash, type CustomizationFile, type CustomizationOrigin } from '../../../../src/core/customize/customizationFile';
import type { Customizations } from '../../../../src/core/customize/customizations';

/** A customization file as a loader would have read it. */
export function readFile(filePath: string, text: string, origin: CustomizationOrigin = 'workspace', trusted = origin === 'user'): CustomizationFile {
  return { path: filePath, origin, text, sha256: customizationHash(filePath, Buffer.from(text)), trusted };
}

/** One of each kind, from the workspace at `root` (untrusted unless said), and a problem. */
export function oneOfEach(root: string, trusted = false): Customizations {
  const skill = readFile(`${root}/.claude/skills/review/SKILL.md`, '---\nname: review\ndescription: Reviews a change for bugs\n---\nRead the diff.', 'workspace', trusted);
  const command = readFile(`${root}/.github/prompts/explain.prompt.md`, 'Explain ${input:topic} in two paragraphs.', 'workspace', trusted);
  const agent = readFile(`${root}/.claude/agents/planner.md`, '---\nname: planner\n---\nYou plan; you never edit files.', 'workspace', trusted);
  const hooks = readFile(`${root}/.claude/settings.json`, '{"hooks":{}}', 'workspace', trusted);
  return {
    skills: [{ name: 'review', description: 'Reviews a change for bugs', file: skill, folder: `${root}/.claude/skills/review`, body: 'Read the diff.' }],
    commands: [{ name: 'explain', description: 'Explains a topic', format: 'copilot', file: command, body: 'Explain ${input:topic} in two paragraphs.' }],
    agents: [{ name: 'planner', description: 'Plans', prompt: 'You plan; you never edit files.', file: agent }],
    hooks: [{ event: 'PreToolUse', matcher: 'Bash', command: './check.sh', file: hooks }],
    problems: [{ file: `${root}/.claude/skills/broken/SKILL.md`, line: 3, rule: 'the frontmatter is not valid YAML' }],
  };
}

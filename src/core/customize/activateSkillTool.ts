import { z } from 'zod';
import type { Skill } from './skill';
import { activateSkillToolName, offeredSkills } from './skillListing';
import { skillResources } from './skillResources';
import { ToolError } from '../toolContract/toolError';
import { defineTool, type Tool } from '../tools/tool';

const inputSchema = z.object({ name: z.string().describe('The skill\'s name, as the Skills section lists it.') });

/**
 * The tool the model activates a skill with: the skill's instructions reach the model only
 * through it (or when the user names the skill). Only the offered skills are known to it: a
 * workspace skill the user has not trusted is refused like a name no skill has.
 */
export function activateSkillTool(skills: readonly Skill[]): Tool<typeof inputSchema> {
  const offered = offeredSkills(skills);
  return defineTool({
    name: activateSkillToolName,
    description: `Loads a skill's full instructions. Call it with the skill's name when the user's task matches one of the skills in the Skills section of your instructions, before you start the task; then follow the instructions it returns. It also gives the skill's folder and the files in it (scripts, references, assets): read those with read_file only when the instructions call for them. Activate a skill once per conversation.`,
    inputSchema,
    // It reads the skill's own files and changes nothing, so it runs in plan mode too.
    readOnly: true,
    kind: 'conversation',
    subjectArgument: 'name',
    title: (input) => (typeof input.name === 'string' && input.name !== '' ? `Activating skill ${input.name}` : 'Activating a skill'),
    async execute(input, context) {
      const skill = offered.find((candidate) => candidate.name === input.name.trim());
      if (skill === undefined) {
        const names = offered.map((candidate) => candidate.name).join(', ');
        throw new ToolError(`There is no skill named "${input.name}" you may use. The skills available are: ${names === '' ? 'none' : names}. Call ${activateSkillToolName} again with one of these names, or do the task without a skill.`);
      }
      const resources = await skillResources(context.host.files, skill.folder);
      return { content: activationText(skill, resources), summary: `Activated skill ${skill.name}` };
    },
  });
}

function activationText(skill: Skill, resources: { files: string[]; more: boolean }): string {
  const fileLines = resources.files.map((file) => `- ${file}`);
  if (resources.more) fileLines.push('- … (more files; list the folder to see them all)');
  const files = fileLines.length === 0
    ? 'The skill has no scripts, references or assets.'
    : `Files of the skill, relative to its folder (read them with read_file when the instructions need them; do not run its scripts unless the task calls for it):\n${fileLines.join('\n')}`;
  return `<skill name="${skill.name}" folder="${skill.folder}">\n${skill.body === '' ? '(The skill has no instructions beyond its description.)' : skill.body}\n</skill>\n\nThe skill's folder is ${skill.folder}. ${files}`;
}

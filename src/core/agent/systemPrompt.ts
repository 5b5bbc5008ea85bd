import type { EditFormat } from '../llm/modelFacts';
import type { ProjectInstructions } from './projectInstructions';

export interface SystemPromptInputs {
  workspaceRoots: readonly string[];
  platform: string;
  shell: string;
  /** `YYYY-MM-DD` */
  date: string;
  instructions: readonly ProjectInstructions[];
  /** The edit tool the model has; edit_file by default. */
  editFormat?: EditFormat;
  /** The section listing the skills the model may activate (`skillListing`), when there are any. */
  skills?: string;
}

const editAdvice: Record<EditFormat, string> = {
  edit_file: 'Make focused changes with edit_file (several changes to one file go in one call, as edits); copy old_str from the current file, with enough surrounding lines to match once.',
  apply_patch: 'Make focused changes with apply_patch (changes to several files can go in one patch); copy the context and removed lines from the current file.',
};

/**
 * The system prompt. Kept free of anything that changes between requests of a conversation
 * (no clock time, no file listings) so providers can cache it as a stable prefix.
 */
export function buildSystemPrompt(inputs: SystemPromptInputs): string {
  const roots = inputs.workspaceRoots.map((root) => `- ${root}`).join('\n');
  const sections = [
    `You are Elbow, a coding agent working in the user's workspace. You read, search and edit files and run commands with your tools to do what the user asks, and answer questions about their code.`,
    `# Environment
Workspace folder${inputs.workspaceRoots.length > 1 ? 's' : ''} (paths you pass to tools are relative to the first one):
${roots}
Operating system: ${inputs.platform}
Shell: ${inputs.shell}
Today's date: ${inputs.date}`,
    `# How to work
- Look before you act: list and search to find the right files, and read a file before you edit it. Do not guess at file contents.
- ${editAdvice[inputs.editFormat ?? 'edit_file']} Use write_file only for new files or complete rewrites.
- When a tool returns an error, read it: it says what went wrong and what to do. Fix the call rather than repeating it unchanged.
- Several independent reads or searches can be requested together in one reply.
- Check your work with run_command (build, tests, linters) when the project has them. The user may have to approve a command and may deny it with a reason: follow the reason, do not retry the same command another way.
- Keep the user's code style, line endings and conventions. Do not touch files the task does not need.
- When you are done, reply with a short summary of what you did and anything the user should check. Be concise; use Markdown.`,
  ];
  if (inputs.skills !== undefined) sections.push(inputs.skills);
  for (const file of inputs.instructions) {
    sections.push(`# Project instructions from ${file.path}\nFollow these instructions from the user's project:\n\n${file.text}`);
  }
  return sections.join('\n\n');
}

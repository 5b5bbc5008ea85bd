import type { CustomizationFile, CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';

/** A slash command from a prompt file (`.github/prompts/*.prompt.md`, `.claude/commands/*.md`, `.elbow/commands/*.md`). */
export interface PromptCommand {
  /** What follows the `/`. */
  name: string;
  description?: string;
  file: CustomizationFile;
  /** The prompt after the frontmatter, before its arguments are filled in. */
  body: string;
}

export function loadPromptCommands(_reader: CustomizationReader): Promise<{ commands: PromptCommand[]; problems: CustomizationProblem[] }> {
  return Promise.resolve({ commands: [], problems: [] });
}

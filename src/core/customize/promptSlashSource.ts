import type { CommandRunner } from '../host/commandRunner';
import { fillPrompt, promptInputs } from './promptArguments';
import type { PromptCommand } from './promptCommand';
import { promptShellCommands, runPromptShellCommands } from './promptShellLines';
import type { SlashEntry, SlashInput, SlashSource } from './slashSource';

export interface PromptSourceOptions {
  /** Runs `!`command`` lines, always in the sandbox. */
  commands: CommandRunner;
  /** Where those commands run: the first workspace folder. */
  cwd: string;
}

/** The prompt files as slash commands. */
export function promptSlashSource(commands: readonly PromptCommand[], options: PromptSourceOptions): SlashSource {
  const entryOf = (command: PromptCommand): SlashEntry => {
    const notes = [command.toolsNote, promptShellCommands(command).length > 0 && !command.file.trusted ? 'runs commands: trust the workspace\'s customizations first' : undefined].filter((note) => note !== undefined);
    const entry: SlashEntry = {
      name: command.name,
      description: command.description ?? '',
      kind: 'prompt',
      arguments: promptInputs(command.body),
      source: command.file.path,
    };
    if (command.argumentHint !== undefined) entry.argumentHint = command.argumentHint;
    if (notes.length > 0) entry.note = notes.join('; ');
    return entry;
  };
  const entries = commands.map(entryOf);
  return {
    entries: () => entries,
    async expand(entry: SlashEntry, input: SlashInput, signal: AbortSignal): Promise<string> {
      const command = commands.find((each) => each.name === entry.name);
      if (command === undefined) throw new Error(`/${entry.name} is no longer there`);
      const missing = entry.arguments.filter((argument) => argument.required && (input.values[argument.name] ?? '').trim() === '');
      if (missing.length > 0) throw new Error(`/${command.name} needs ${missing.map((argument) => argument.name).join(', ')}`);
      const shellOutputs = command.format === 'claude' ? await runPromptShellCommands(command, options.commands, options.cwd, signal) : undefined;
      const filled = fillPrompt(command.body, { claudeArguments: command.format === 'claude', text: input.text, values: input.values, ...(shellOutputs ? { shellOutputs } : {}), ...(command.format === 'copilot' ? { workspaceFolder: options.cwd } : {}) });
      return filled;
    },
  };
}

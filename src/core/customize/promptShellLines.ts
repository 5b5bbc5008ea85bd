import type { CommandRunner } from '../host/commandRunner';
import { shellLinePattern } from './promptArguments';
import type { PromptCommand } from './promptCommand';

/** Long enough for `git status` or `git diff` in a large repository; a command file's command is context, not a task. */
export const promptShellTimeoutMs = 30_000;
/** Each output is cut here so one command cannot crowd out the conversation. */
export const maxPromptShellOutput = 16_000;

export const trustCommandName = "Elbow: Trust This Workspace's Customizations";

/** The `!`command`` lines of a Claude Code command file; VS Code's files have none. */
export function promptShellCommands(command: PromptCommand): string[] {
  if (command.format !== 'claude') return [];
  return [...command.body.matchAll(shellLinePattern)].map((match) => match[1] ?? '');
}

/**
 * Runs a command file's `!`command`` lines in the OS sandbox, in order, and gives their outputs.
 * Throws (with what the user reads) for a workspace file the user has not trusted, or where no
 * sandbox is available: such a command never runs outside it.
 */
export async function runPromptShellCommands(command: PromptCommand, runner: CommandRunner, cwd: string, signal: AbortSignal): Promise<string[]> {
  const lines = promptShellCommands(command);
  if (lines.length === 0) return [];
  if (!command.file.trusted) {
    throw new Error(`/${command.name} runs commands (!\`…\`) from ${command.file.path}, a file of this workspace you have not trusted. Review it, then run "${trustCommandName}" from the command palette (/customize in the terminal) to use it.`);
  }
  const sandbox = await runner.sandboxStatus();
  if (!sandbox.available) throw new Error(`/${command.name} runs commands (!\`…\`), and they only run in the sandbox, which is not available here: ${sandbox.reason}`);
  const outputs: string[] = [];
  for (const line of lines) {
    const result = await runner.run({ command: line, cwd, timeoutMs: promptShellTimeoutMs, signal, sandboxed: true });
    if (result.ending === 'cancelled') throw new Error(`/${command.name} was cancelled while running ${line}`);
    const output = result.output.length > maxPromptShellOutput ? `${result.output.slice(0, maxPromptShellOutput)}\n[output cut at ${maxPromptShellOutput} characters]` : result.output;
    const ending = result.ending === 'timedOut' ? `\n[stopped after ${promptShellTimeoutMs / 1000} s]` : result.exitCode !== 0 && result.exitCode !== undefined ? `\n[exit code ${result.exitCode}]` : '';
    outputs.push(`${output.trimEnd()}${ending}`);
  }
  return outputs;
}

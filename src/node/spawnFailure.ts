import { stat } from 'node:fs/promises';

/** Why a command could not start, said so the model (and the user) can act on it. */
export async function describeSpawnFailure(error: unknown, shell: string, cwd: string): Promise<string> {
  const folder = await stat(cwd).catch(() => undefined);
  // A missing cwd makes spawn report ENOENT for the shell, which would blame the wrong thing.
  if (folder === undefined) return `The command could not start: the folder ${cwd} does not exist.`;
  if (!folder.isDirectory()) return `The command could not start: ${cwd} is not a folder.`;
  const reason = error instanceof Error ? error.message : String(error);
  return `The command could not start: the shell ${shell} could not be run (${reason}).`;
}

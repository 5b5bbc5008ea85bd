import { createHash } from 'node:crypto';
import * as path from 'node:path';

/** What the data folder depends on besides the environment, passed in so tests can play any platform. */
export interface DataFolderSystem {
  platform: NodeJS.Platform;
  home: string;
}

/**
 * Where Elbow keeps its files: `$ELBOW_DATA_DIR`, else `$XDG_DATA_HOME/elbow`, else
 * `~/.local/share/elbow` (`%LOCALAPPDATA%\elbow` on Windows).
 */
export function elbowDataFolder(env: Readonly<Record<string, string | undefined>>, system: DataFolderSystem): string {
  const paths = system.platform === 'win32' ? path.win32 : path.posix;
  const chosen = nonEmpty(env.ELBOW_DATA_DIR);
  if (chosen !== undefined) return paths.resolve(chosen);
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  // The XDG spec says to ignore a relative path here.
  if (xdg !== undefined && paths.isAbsolute(xdg)) return paths.join(xdg, 'elbow');
  if (system.platform === 'win32') return paths.join(nonEmpty(env.LOCALAPPDATA) ?? paths.join(system.home, 'AppData', 'Local'), 'elbow');
  return paths.join(system.home, '.local', 'share', 'elbow');
}

/** Full histories archived before compaction replaced them by a summary. */
export function transcriptsFolder(dataFolder: string): string {
  return path.join(dataFolder, 'transcripts');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/** The git worktrees of `--worktree` runs, with the registry of which process made each. */
export function worktreesFolder(dataFolder: string): string {
  return path.join(dataFolder, 'worktrees');
}

/**
 * The saved conversations of one workspace folder, shared by the terminal and VS Code: the folder's
 * name (for people looking) and a hash of its real path (so two folders of one name never share).
 */
export function sessionsFolder(dataFolder: string, workspaceFolder: string): string {
  const name = path.basename(workspaceFolder).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'root';
  const key = createHash('sha256').update(workspaceFolder).digest('hex').slice(0, 16);
  return path.join(dataFolder, 'sessions', `${name}-${key}`);
}

import * as path from 'node:path';
import { sessionsFolder } from '../../node/dataFolder';

/** A workspace folder as the choice of the history's folder needs it. */
export interface OpenFolder {
  scheme: string;
  fsPath: string;
}

export interface HistoryFolderInputs {
  /** The window's folders, in order. */
  folders: readonly OpenFolder[];
  /** The workspace's Elbow storage (the global one in a window with no folder). */
  storageFolder: string;
  /** Elbow's data folder, as the terminal computes it. */
  dataFolder: string;
  /** The folder's path with its symbolic links resolved, as the terminal keys its sessions. */
  realPath(folder: string): string;
}

/**
 * Where the chat's conversations are saved. A window on one folder of this machine shares the
 * terminal's sessions folder for it, so a conversation goes on in either. A multi-root workspace keeps
 * its own (its conversations span folders a terminal in one of them does not see), as does a window
 * with no folder or a remote one.
 */
export function historyFolder(inputs: HistoryFolderInputs): string {
  const [only, ...others] = inputs.folders;
  if (only === undefined || others.length > 0 || only.scheme !== 'file') return windowHistoryFolder(inputs.storageFolder);
  return sessionsFolder(inputs.dataFolder, inputs.realPath(only.fsPath));
}

/** Where every window saved its conversations before, and where a window not on one folder still does. */
export function windowHistoryFolder(storageFolder: string): string {
  return path.join(storageFolder, 'conversations');
}

import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { moveConversations } from '../../node/conversations/moveConversations';
import { ConversationStore } from '../chat/conversationStore';
import { historyFolder, windowHistoryFolder } from '../chat/historyFolder';

/**
 * The chat's saved conversations, in the folder `historyFolder` chooses. Conversations an earlier
 * version saved in the workspace's storage move there first; the store waits for the move.
 */
export function buildHistoryStore(parts: { storageFolder: string; dataFolder: string; log: vscode.LogOutputChannel }): ConversationStore {
  const { log } = parts;
  const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ scheme: folder.uri.scheme, fsPath: folder.uri.fsPath }));
  const folder = historyFolder({ folders, storageFolder: parts.storageFolder, dataFolder: parts.dataFolder, realPath });
  const previous = windowHistoryFolder(parts.storageFolder);
  const ready = folder === previous
    ? Promise.resolve()
    : moveConversations(previous, folder, (message) => log.warn(message)).then(
      ({ moved }) => (moved > 0 ? log.info(`Moved ${moved} saved conversation(s) from ${previous} to ${folder}.`) : undefined),
      (error: unknown) => log.error(`Could not move the saved conversations from ${previous} to ${folder}: ${String(error)}`),
    );
  log.info(`Conversations are saved in ${folder}.`);
  return new ConversationStore(folder, (message) => log.warn(message), ready);
}

function realPath(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return folder;
  }
}

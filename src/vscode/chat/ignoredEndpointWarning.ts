import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readFileGuarded } from '../../node/guardedFiles/guardedRead';
import { endpointSetting } from '../settings';
import { endpointNamedIn, ignoredEndpointMessage } from '../settingsFileText';
import { showWarning } from '../notifications';

/** A settings file larger than this is not one a person wrote; it is not read. */
const maxSettingsBytes = 1024 * 1024;

const warned = new Set<string>();

/**
 * Tells the user, once per endpoint, that a workspace's `elbow.baseUrl` was not used: their API
 * key goes only to the endpoint in their user settings.
 */
export async function warnOfIgnoredEndpoint(log: vscode.LogOutputChannel): Promise<void> {
  const user = endpointSetting();
  const ignored = (await workspaceEndpoints()).find((endpoint) => endpoint !== '' && endpoint !== user);
  if (ignored === undefined || warned.has(ignored)) return;
  warned.add(ignored);
  log.warn(`This workspace's settings name another endpoint for Elbow, ${JSON.stringify(ignored)}; your API key is sent only to the one in your user settings.`);
  void showWarning(ignoredEndpointMessage(ignored));
}

/**
 * What each folder's `.vscode/settings.json` and the open `.code-workspace` file name. A repository
 * ships these files: each is read through the guarded opener (a regular file, inside its folder, not
 * too large), so a pipe, a device or a link out of the folder is passed over instead of read.
 */
async function workspaceEndpoints(): Promise<string[]> {
  const files: { file: string; kind: 'folderSettings' | 'workspaceFile'; inside?: string }[] = (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => ({ file: path.join(folder.uri.fsPath, '.vscode', 'settings.json'), kind: 'folderSettings', inside: folder.uri.fsPath }));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile?.scheme === 'file') files.push({ file: workspaceFile.fsPath, kind: 'workspaceFile' });
  return Promise.all(files.map(async ({ file, kind, inside }) => {
    const folder = inside === undefined ? undefined : await fs.realpath(inside).catch(() => inside);
    const allowed = folder === undefined ? undefined : (real: string) => real.startsWith(folder + path.sep);
    const bytes = await readFileGuarded(file, allowed, maxSettingsBytes).then((read) => read, () => undefined);
    return bytes === undefined ? '' : endpointNamedIn(new TextDecoder().decode(bytes), kind);
  }));
}

import * as vscode from 'vscode';
import { endpointSetting } from '../settings';
import { endpointNamedIn } from '../settingsFileText';

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
  const message = `This workspace's settings name another endpoint for Elbow (${ignored}). Elbow sends your API key only to the endpoint in your user settings; to use this one, set elbow.baseUrl there (Elbow: Change Provider and Model).`;
  log.warn(message);
  void vscode.window.showWarningMessage(message);
}

/** What each folder's `.vscode/settings.json` and the open `.code-workspace` file name. */
async function workspaceEndpoints(): Promise<string[]> {
  const files: { uri: vscode.Uri; kind: 'folderSettings' | 'workspaceFile' }[] = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ uri: vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'), kind: 'folderSettings' }));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile?.scheme === 'file') files.push({ uri: workspaceFile, kind: 'workspaceFile' });
  return Promise.all(files.map(async ({ uri, kind }) => {
    const bytes = await vscode.workspace.fs.readFile(uri).then((read) => read, () => undefined);
    return bytes === undefined ? '' : endpointNamedIn(new TextDecoder().decode(bytes), kind);
  }));
}

import * as vscode from 'vscode';
import { resolveChatLink } from './chatLinkTarget';
import { linkChoices, type LinkChoice } from './linkChoices';
import { showWarning } from '../notifications';

const externalSchemes = new Set(['http', 'https', 'mailto']);

/**
 * A link clicked in the chat (model output, so untrusted): web links open only after the user
 * picks *Open link*, seeing the whole address (Enter alone copies it, see `linkChoices`); a path
 * inside a workspace folder opens in the editor (see `resolveChatLink`); anything else is refused
 * with a warning saying why.
 */
export async function openLink(href: string): Promise<void> {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return openWorkspaceFile(href);
  if (!externalSchemes.has(scheme)) {
    void showWarning(`Elbow: not opening a "${scheme}:" link from the chat.`);
    return;
  }
  const choice = await vscode.window.showQuickPick<LinkChoice & vscode.QuickPickItem>(linkChoices(href), { title: 'Open this link from the chat?', placeHolder: href });
  if (choice?.action === 'open') await vscode.env.openExternal(vscode.Uri.parse(href, true));
  if (choice?.action === 'copy') await vscode.env.clipboard.writeText(href);
}

async function openWorkspaceFile(reference: string): Promise<void> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const target = resolveChatLink(reference, folders.map((folder) => ({ name: folder.name, path: folder.uri.path })));
  if (target.kind === 'refused') {
    void showWarning(`Elbow: not opening ${JSON.stringify(reference)} from the chat: ${target.reason}.`);
    return;
  }
  const folder = folders[target.folderIndex] as vscode.WorkspaceFolder;
  const uri = vscode.Uri.joinPath(folder.uri, ...target.relativePath.split('/'));
  try {
    const selection = target.line === undefined ? undefined : new vscode.Range(target.line - 1, 0, target.line - 1, 0);
    await vscode.window.showTextDocument(uri, { preview: true, selection });
  } catch {
    const shown = folders.length > 1 ? `${folder.name}/${target.relativePath}` : target.relativePath;
    void showWarning(`Elbow: ${shown} was not found in the workspace.`);
  }
}

import * as vscode from 'vscode';

const externalSchemes = new Set(['http', 'https', 'mailto']);

interface LinkChoice extends vscode.QuickPickItem {
  action: 'open' | 'copy';
}

/**
 * A link clicked in the chat (model output, so untrusted): web links open only after the user
 * confirms, seeing the whole address; a workspace path opens in the editor; anything else is refused.
 */
export async function openLink(href: string): Promise<void> {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return openWorkspaceFile(href);
  if (!externalSchemes.has(scheme)) {
    void vscode.window.showWarningMessage(`Elbow: not opening a "${scheme}:" link from the chat.`);
    return;
  }
  const choices: LinkChoice[] = [
    { action: 'open', label: '$(link-external) Open link', detail: href },
    { action: 'copy', label: '$(copy) Copy link' },
  ];
  const choice = await vscode.window.showQuickPick(choices, { title: 'Open this link from the chat?', placeHolder: href });
  if (choice?.action === 'open') await vscode.env.openExternal(vscode.Uri.parse(href, true));
  if (choice?.action === 'copy') await vscode.env.clipboard.writeText(href);
}

async function openWorkspaceFile(reference: string): Promise<void> {
  const [pathPart = '', line] = reference.split('#L');
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined || pathPart === '') return;
  const uri = vscode.Uri.joinPath(folder.uri, decodeURIComponent(pathPart));
  if (!uri.path.startsWith(folder.uri.path)) return;
  try {
    const lineNumber = Number.parseInt(line ?? '', 10);
    const selection = Number.isFinite(lineNumber) && lineNumber > 0 ? new vscode.Range(lineNumber - 1, 0, lineNumber - 1, 0) : undefined;
    await vscode.window.showTextDocument(uri, { preview: true, selection });
  } catch {
    void vscode.window.showWarningMessage(`Elbow: ${pathPart} was not found in the workspace.`);
  }
}

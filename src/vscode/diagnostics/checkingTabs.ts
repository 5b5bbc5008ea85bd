import * as vscode from 'vscode';
import { diagnosticsSettled } from './diagnosticsSettle';

/** How long opening files for the language servers may wait for their first report: a clean file brings none, so it costs all of it. */
const OPENING_BOUND_MS = 1_500;

/**
 * TypeScript (and other servers) check only files open in editor tabs, so the files not in a tab
 * are opened in background tabs (the keyboard focus stays), and the wait for their first report
 * (bounded) keeps their earlier problems from passing for new ones. Returns what closes the tabs
 * this opened, but `keep`'s and any the user has changed meanwhile.
 */
export async function openForChecking(uris: readonly vscode.Uri[], keep?: vscode.Uri): Promise<() => Promise<void>> {
  const opening = uris.filter((uri) => tabOf(uri) === undefined);
  if (opening.length === 0) return async () => undefined;
  const settled = diagnosticsSettled(opening, AbortSignal.timeout(OPENING_BOUND_MS), { bound: OPENING_BOUND_MS, reaction: OPENING_BOUND_MS });
  const opened: vscode.Uri[] = [];
  for (const uri of opening) {
    const shown = await vscode.commands.executeCommand('vscode.open', uri, { preview: false, preserveFocus: true, background: true }).then(() => true, () => false);
    if (shown) opened.push(uri);
  }
  if (opened.length > 0) await settled;
  return async () => {
    const closing = opened.filter((uri) => uri.toString() !== keep?.toString()).map(tabOf).filter((tab) => tab !== undefined && !tab.isDirty);
    if (closing.length > 0) await vscode.window.tabGroups.close(closing as vscode.Tab[], true);
  };
}

function tabOf(uri: vscode.Uri): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
}

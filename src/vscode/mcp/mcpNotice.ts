import * as vscode from 'vscode';

/** MCP news for the user (a server's tools changed): in the log and, for a while, in the status bar. */
export function showNotice(log: vscode.LogOutputChannel, text: string): void {
  log.info(text);
  vscode.window.setStatusBarMessage(`$(tools) ${text}`, 10_000);
}

import * as vscode from 'vscode';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

/** The webview's messages that VS Code's own commands and clipboard carry out. */
export const editorMessageHandlers: WebviewMessageHandlersFor<'openLink' | 'copy' | 'changeModel' | 'setApiKey'> = {
  openLink: (message) => void vscode.commands.executeCommand('elbow.openLink', message.href),
  copy: (message) => vscode.env.clipboard.writeText(message.text),
  changeModel: () => void vscode.commands.executeCommand('elbow.changeModel'),
  setApiKey: () => void vscode.commands.executeCommand('elbow.setApiKey'),
};

import * as vscode from 'vscode';
import { openLink } from '../commands/openLink';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

/** The webview's messages that open links, copy, or run Elbow's commands. */
export const editorMessageHandlers: WebviewMessageHandlersFor<'openLink' | 'copy' | 'changeModel' | 'setApiKey'> = {
  openLink: (message) => openLink(message.href),
  copy: (message) => vscode.env.clipboard.writeText(message.text),
  changeModel: () => void vscode.commands.executeCommand('elbow.changeModel'),
  setApiKey: () => void vscode.commands.executeCommand('elbow.setApiKey'),
};

import * as vscode from 'vscode';
import { ChatViewProvider } from '../chat/chatViewProvider';

/** The chat's webview view; the controller built later takes its messages. */
export function buildChatView(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): ChatViewProvider {
  const view = new ChatViewProvider(context.extensionUri, log);
  context.subscriptions.push(view, vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view));
  return view;
}

import * as vscode from 'vscode';
import { webview } from './driver';
import { sleep } from './chat';

export async function useTheme(name: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', name, vscode.ConfigurationTarget.Global);
  await sleep(800);
}

/** Narrows the side bar the chat is in until the chat is at most `width` px wide, as a user drags its edge. */
export async function narrowChatTo(width: number): Promise<number> {
  const chatWidth = (): Promise<number> => webview.evaluate<number>('document.documentElement.clientWidth');
  for (let attempt = 0; attempt < 20 && (await chatWidth()) > width; attempt++) {
    await vscode.commands.executeCommand('elbow.focusChat');
    await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
  }
  return chatWidth();
}

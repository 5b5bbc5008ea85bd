import * as vscode from 'vscode';
import { fakeApiKey } from './chat';
import { page } from './driver';

const quickInputBox = '.quick-input-widget .quick-input-box input';

/** Stores the fake key for the current provider (the picker's first item) through *Elbow: Set API Key*, as the user does. */
export async function setApiKeyOfCurrentProvider(): Promise<void> {
  void vscode.commands.executeCommand('elbow.setApiKey');
  await page.waitFor('.quick-input-widget', { text: 'current' });
  await page.click(quickInputBox);
  await page.press('Enter');
  await page.waitFor('.quick-input-widget', { text: 'API key for' });
  await page.click(quickInputBox);
  await page.type(fakeApiKey);
  await page.press('Enter');
  await page.waitFor('.quick-input-widget', { state: 'hidden' });
}

/** Stores the key as the user does, then clears its "key saved" toast, which would otherwise show in screenshots. */
export async function setApiKeyAndClearToasts(): Promise<void> {
  await setApiKeyOfCurrentProvider();
  await vscode.commands.executeCommand('notifications.clearAll');
}

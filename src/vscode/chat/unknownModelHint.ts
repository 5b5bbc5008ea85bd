import * as vscode from 'vscode';
import { showInformation } from '../notifications';

/** Once per model: Elbow assumes a small window for a model it does not know, and says how to set the real one. */
export async function hintUnknownModel(state: vscode.Memento, model: string, assumedWindow: number): Promise<void> {
  const key = `elbow.unknownModelHinted.${model}`;
  if (state.get<boolean>(key) === true) return;
  await state.update(key, true);
  const choice = await showInformation(
    `Elbow does not know the context window of "${model}" and assumes ${assumedWindow.toLocaleString('en-US')} tokens, so it compacts early and shows no cost. Set its window and prices in the "elbow.models" setting.`,
    'Open Settings',
  );
  if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'elbow.models');
}

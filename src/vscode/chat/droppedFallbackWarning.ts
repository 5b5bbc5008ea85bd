import type * as vscode from 'vscode';
import { showWarning } from '../notifications';
import { chosenPreset, fallbackModelSetting } from '../settings';

const warned = new Set<string>();

/** Tells the user, once per problem, which of `elbow.fallbackModels` are left out and why. */
export function warnOfDroppedFallbacks(log: vscode.LogOutputChannel, model: string): void {
  for (const problem of fallbackModelSetting(chosenPreset(), model).problems) {
    if (warned.has(problem)) continue;
    warned.add(problem);
    log.warn(`elbow.fallbackModels: ${problem}`);
    void showWarning(`Elbow: elbow.fallbackModels: ${problem}`);
  }
}

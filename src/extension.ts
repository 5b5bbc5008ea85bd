import type * as vscode from 'vscode';
import type * as Elbow from './vscode/activation/activateElbow';
import type { ElbowApi } from './vscode/activation/activateElbow';
import { startTiming } from './vscode/activation/activationTime';

export type { ElbowApi };

// This file is a bundle of its own, and Elbow's code another (esbuild.js): loading that bundle is timed, reading and
// compiling included, for the activation time Elbow reports.
const loadingTime = startTiming();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const elbow = require('./vscode/activation/activateElbow') as typeof Elbow;
const codeLoading = loadingTime();

export function activate(context: vscode.ExtensionContext): ElbowApi {
  return elbow.activate(context, codeLoading);
}

/** VS Code waits for this on shutdown and reload: the open conversation is saved first. */
export function deactivate(): Promise<void> {
  return elbow.deactivate();
}

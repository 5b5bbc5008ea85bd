import * as vscode from 'vscode';
import { endpointSetting } from '../settings';

const warned = new Set<string>();

/**
 * Tells the user, once per endpoint, that a workspace's `elbow.baseUrl` was not used: their API
 * key goes only to the endpoint in their user settings.
 */
export function warnOfIgnoredEndpoint(log: vscode.LogOutputChannel): void {
  const { ignored } = endpointSetting();
  if (ignored === undefined || warned.has(ignored)) return;
  warned.add(ignored);
  const message = `This workspace's settings name another endpoint for Elbow (${ignored}). Elbow sends your API key only to the endpoint in your user settings; to use this one, set elbow.baseUrl there (Elbow: Change Provider and Model).`;
  log.warn(message);
  void vscode.window.showWarningMessage(message);
}

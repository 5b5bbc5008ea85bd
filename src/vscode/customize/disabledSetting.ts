import * as vscode from 'vscode';
import type { CustomizationRow } from '../../core/customize/customizationListing';
import { DisabledCustomizations } from '../../core/customize/disabledCustomizations';
import { narrowingListByScope } from '../settings';

const setting = 'customize.disabled';

/**
 * Turn Off adds `kind:name` to `elbow.customize.disabled` (the workspace's when a folder is open,
 * else the user's); Turn On takes out every entry of either that turns this one off.
 */
export async function setCustomizationEnabled(row: CustomizationRow, enabled: boolean): Promise<void> {
  const current = narrowingListByScope(setting);
  const update = (value: string[] | undefined, target: vscode.ConfigurationTarget): Thenable<void> => vscode.workspace.getConfiguration('elbow').update(setting, value, target);
  const scopes = [
    { target: vscode.ConfigurationTarget.Workspace, value: current.workspace, usable: (vscode.workspace.workspaceFolders?.length ?? 0) > 0 },
    { target: vscode.ConfigurationTarget.Global, value: current.user, usable: true },
  ];
  if (!enabled) {
    const scope = scopes.find((candidate) => candidate.usable) ?? scopes[1];
    const key = DisabledCustomizations.keyOf(row.kind, row.name);
    if (scope !== undefined && !scope.value.includes(key)) await update([...scope.value, key], scope.target);
    return;
  }
  const roots = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
  const turnsItOff = (entry: string): boolean => new DisabledCustomizations([entry], roots).isOff(row.kind, row.name, row.file);
  for (const scope of scopes) {
    const kept = scope.value.filter((entry) => !turnsItOff(entry));
    if (kept.length !== scope.value.length && scope.usable) await update(kept.length === 0 ? undefined : kept, scope.target);
  }
}

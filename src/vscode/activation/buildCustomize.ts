import * as vscode from 'vscode';
import { customizationListing } from '../../core/customize/customizationListing';
import type { Customizations } from '../../core/customize/customizations';
import { DisabledCustomizations, enabledCustomizations } from '../../core/customize/disabledCustomizations';
import { loadHostCustomizations } from '../../core/customize/hostCustomizations';
import type { CommandHandlers } from '../commands/commandHandlers';
import { CustomizationDiagnostics } from '../customize/customizationDiagnostics';
import { watchCustomizationFiles } from '../customize/customizationWatcher';
import { CustomizeTree, type CustomizeNode } from '../customize/customizeTree';
import { setCustomizationEnabled } from '../customize/disabledSetting';
import { trustWorkspaceCustomizations } from '../customize/trustCustomizationsCommand';
import { noticeUntrustedCustomizations } from '../customize/untrustedNotice';
import { WorkspaceCustomizationTrust } from '../customize/workspaceCustomizationTrust';
import { showInformation } from '../notifications';
import { narrowingList, narrowingListByScope } from '../settings';
import type { WorkspaceHost } from './buildWorkspaceHost';

/** The workspace's skills, commands, agents and hooks, the user's trust in them, and the Customize view. */
export interface Customize {
  trust: WorkspaceCustomizationTrust;
  /** Reads them as they are now, workspace files judged by `trust`, without those turned off: what a session uses. */
  load(): Promise<Customizations>;
  /** The Customize view's contents. */
  tree: vscode.TreeDataProvider<CustomizeNode>;
  /** Trust was given or forgotten, or a file changed: sessions are to be made again. */
  onDidChange: vscode.Event<void>;
  commands: CommandHandlers;
}

export function buildCustomize(context: vscode.ExtensionContext, host: WorkspaceHost, log: vscode.LogOutputChannel): Customize {
  const trust = new WorkspaceCustomizationTrust(context.workspaceState, () => vscode.workspace.isTrusted);
  const tree = new CustomizeTree();
  const diagnostics = new CustomizationDiagnostics();
  const changed = new vscode.EventEmitter<void>();
  const disabled = async (): Promise<DisabledCustomizations> => {
    const user = narrowingListByScope('customize.disabled').user;
    return new DisabledCustomizations(user, (await host.current()).workspaceRoots, narrowingList('customize.disabled').filter((entry) => !user.includes(entry)));
  };
  const loadAll = async (): Promise<Customizations> => loadHostCustomizations(await host.current(), trust);
  const load = async (): Promise<Customizations> => enabledCustomizations(await loadAll(), await disabled());
  const refresh = async (): Promise<void> => {
    try {
      const all = await loadAll();
      tree.show(customizationListing(all, await disabled()));
      diagnostics.show(all.problems);
      void noticeUntrustedCustomizations(all, context.workspaceState);
    } catch (error) {
      log.error(`Could not read the workspace's customizations: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const refreshAndApply = async (): Promise<void> => {
    await refresh();
    changed.fire();
  };
  const rowOf = (node: unknown): CustomizeNode | undefined => (typeof node === 'object' && node !== null && 'type' in node ? (node as CustomizeNode) : undefined);
  const setEnabled = async (node: unknown, enabled: boolean): Promise<void> => {
    const target = rowOf(node);
    if (target?.type === 'row') await setCustomizationEnabled(target.row, enabled);
  };
  context.subscriptions.push(
    tree,
    diagnostics,
    changed,
    watchCustomizationFiles(() => void refreshAndApply()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void refreshAndApply()),
    // The chat follows every `elbow.*` change by itself (watchSettingsAndFolders.ts).
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('elbow.customize.disabled')) void refresh();
    }),
  );
  void refresh();
  return {
    trust,
    load,
    tree,
    onDidChange: changed.event,
    commands: {
      'elbow.customize.trustWorkspace': async () => {
        if (await trustWorkspaceCustomizations({ trust, load: loadAll })) await refreshAndApply();
      },
      'elbow.customize.forgetTrust': async () => {
        await trust.forgetAll();
        await refreshAndApply();
        void showInformation('Elbow: this workspace\'s skills, commands, agents and hooks are no longer trusted; from your next message Elbow does not use them.');
      },
      'elbow.customize.refresh': () => refreshAndApply(),
      'elbow.customize.show': () => vscode.commands.executeCommand('elbow.customize.focus'),
      'elbow.customize.turnOff': (node: unknown) => setEnabled(node, false),
      'elbow.customize.turnOn': (node: unknown) => setEnabled(node, true),
      'elbow.customize.openFile': async (node: unknown) => {
        const target = rowOf(node);
        const file = target?.type === 'row' ? target.row.file : target?.type === 'problem' ? target.problem.file : undefined;
        if (file !== undefined) await vscode.window.showTextDocument(vscode.Uri.file(file));
      },
    },
  };
}

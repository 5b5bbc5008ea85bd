import * as vscode from 'vscode';
import type { Customizations } from '../../core/customize/customizations';
import { loadHostCustomizations } from '../../core/customize/hostCustomizations';
import type { CommandHandlers } from '../commands/commandHandlers';
import { trustWorkspaceCustomizations } from '../customize/trustCustomizationsCommand';
import { WorkspaceCustomizationTrust } from '../customize/workspaceCustomizationTrust';
import type { WorkspaceHost } from './buildWorkspaceHost';

/** The workspace's skills, commands, agents and hooks, and the user's trust in them. */
export interface Customize {
  trust: WorkspaceCustomizationTrust;
  /** Reads them as they are now, workspace files judged by `trust`. */
  load(): Promise<Customizations>;
  commands: CommandHandlers;
}

export function buildCustomize(context: vscode.ExtensionContext, host: WorkspaceHost): Customize {
  const trust = new WorkspaceCustomizationTrust(context.workspaceState, () => vscode.workspace.isTrusted);
  const load = async (): Promise<Customizations> => loadHostCustomizations(await host.current(), trust);
  return {
    trust,
    load,
    commands: {
      'elbow.customize.trustWorkspace': () => trustWorkspaceCustomizations({ trust, load }),
    },
  };
}

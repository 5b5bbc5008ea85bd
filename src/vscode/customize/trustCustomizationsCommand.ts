import * as vscode from 'vscode';
import type { Customizations } from '../../core/customize/customizations';
import { untrustedFiles, untrustedSummary } from '../../core/customize/untrustedCustomizations';
import { showInformation, showModalWarning, showWarning } from '../notifications';
import type { WorkspaceCustomizationTrust } from './workspaceCustomizationTrust';

export interface TrustCommandParts {
  trust: WorkspaceCustomizationTrust;
  /** Reads the workspace's customizations as they are now. */
  load(): Promise<Customizations>;
}

/**
 * "Trust This Workspace's Customizations": after a question that says what the workspace holds,
 * its hooks may run (in the sandbox), its skills are offered and its commands may run programs.
 */
export async function trustWorkspaceCustomizations(parts: TrustCommandParts): Promise<boolean> {
  if (!vscode.workspace.isTrusted) {
    void showWarning('Elbow: this workspace is in Restricted Mode. Trust the workspace (Manage Workspace Trust) before trusting its skills, hooks, agents and commands.');
    return false;
  }
  const customizations = await parts.load();
  const untrusted = untrustedFiles(customizations);
  if (untrusted.length === 0) {
    void showInformation('Elbow: nothing in this workspace waits for trust.');
    return false;
  }
  const summary = untrustedSummary(customizations);
  const detail = `${summary} from ${untrusted.length} file${untrusted.length === 1 ? '' : 's'}. Hooks run commands (in the sandbox) on Elbow's events, skills are offered to the model, and commands may run programs. Trust them only if you trust whoever wrote this repository. A file that changes later asks again.\n\n${untrusted.map((file) => vscode.workspace.asRelativePath(file.path)).join('\n')}`;
  const choice = await showModalWarning('Trust this workspace\'s Elbow customizations?', detail, 'Trust');
  if (choice !== 'Trust') return false;
  await parts.trust.trust(untrusted);
  return true;
}

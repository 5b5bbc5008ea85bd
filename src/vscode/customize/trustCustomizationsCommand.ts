import * as vscode from 'vscode';
import type { Customizations } from '../../core/customize/customizations';
import { untrustedFiles, untrustedSummary } from '../../core/customize/untrustedCustomizations';
import { showInformation, showWarning } from '../notifications';
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
  const choice = await askToTrust(untrustedSummary(customizations), untrusted.map((file) => file.path));
  if (choice === 'trust') await parts.trust.trust(untrusted);
  else if (choice !== undefined) await vscode.window.showTextDocument(vscode.Uri.file(choice), { preview: true });
  return choice === 'trust';
}

/**
 * The question, as a quick pick: Trust, Do Not Trust, and each file (choosing one opens it to read
 * before deciding). `trust`, a file's path, or undefined when dismissed or declined.
 */
async function askToTrust(summary: string, files: readonly string[]): Promise<string | undefined> {
  type Choice = vscode.QuickPickItem & { choice?: string };
  const items: Choice[] = [
    { label: '$(workspace-trusted) Trust', description: `${summary} from ${files.length} file${files.length === 1 ? '' : 's'}`, detail: 'Hooks then run commands (in the sandbox) on Elbow\'s events, skills are offered to the model and commands may run programs. A file that changes later asks again.', choice: 'trust' },
    { label: '$(close) Do Not Trust' },
    { label: 'Files (choose one to read it first)', kind: vscode.QuickPickItemKind.Separator },
    ...files.map((file) => ({ label: `$(file) ${withoutIcons(vscode.workspace.asRelativePath(file))}`, choice: file })),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Trust this workspace\'s Elbow customizations?',
    placeHolder: 'Only if you trust whoever wrote this repository',
    ignoreFocusOut: true,
  });
  return picked?.choice;
}

/** A file name cannot draw icons (`$(…)`) in the question. */
function withoutIcons(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}

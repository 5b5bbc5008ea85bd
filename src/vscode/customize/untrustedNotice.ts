import * as vscode from 'vscode';
import type { Customizations } from '../../core/customize/customizations';
import { untrustedContentKey, untrustedSummary } from '../../core/customize/untrustedCustomizations';
import { showInformation } from '../notifications';
import type { TrustState } from './workspaceCustomizationTrust';

const shownKey = 'elbow.customize.untrustedNoticeShownFor';

/**
 * Tells the user, once per content, that the workspace holds customizations not trusted yet: a
 * notification with Review… (the Customize view) and Trust… (the modal). The same files on the
 * next start say nothing; a changed or new file says it again.
 */
export async function noticeUntrustedCustomizations(customizations: Customizations, state: TrustState): Promise<void> {
  const key = untrustedContentKey(customizations);
  if (key === '' || !vscode.workspace.isTrusted || state.get<string>(shownKey) === key) return;
  await state.update(shownKey, key);
  const choice = await showInformation(
    `Elbow: this workspace has ${untrustedSummary(customizations)} that Elbow does not use until you trust them.`,
    'Review…',
    'Trust…',
  );
  if (choice === 'Review…') await vscode.commands.executeCommand('elbow.customize.show');
  if (choice === 'Trust…') await vscode.commands.executeCommand('elbow.customize.trustWorkspace');
}

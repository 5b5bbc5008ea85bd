import { page } from './driver';

/**
 * Runs "Elbow: Trust This Workspace's Customizations" from the command palette and answers Trust
 * (the question's first choice, as Enter picks it), as a user does, once the question says
 * `holds` (what the workspace holds, e.g. `1 skill from 1 file`) and lists `files` (workspace-relative).
 */
export async function trustWorkspaceCustomizations(holds: string, files: readonly string[] = []): Promise<void> {
  await page.press('F1');
  await page.waitFor('.quick-input-widget');
  await page.type('Elbow: Trust This Workspace\'s Customizations');
  // "Forget Trust in This Workspace's Customizations" matches what was typed too.
  await page.click('.quick-input-widget .monaco-list-row', 'Elbow: Trust This Workspace');
  await page.waitFor('.quick-input-widget .quick-input-title', { text: 'Elbow customizations?' });
  await page.waitFor('.quick-input-widget .monaco-list-row', { text: holds });
  await page.waitFor('.quick-input-widget .monaco-list-row', { text: 'Do Not Trust' });
  for (const file of files) await page.waitFor('.quick-input-widget .monaco-list-row', { text: file });
  await page.press('Enter');
  await page.waitFor('.quick-input-widget', { state: 'hidden' });
}

import { page, webview } from './driver';

/** The header's agent picker as it shows `name` (Agent, Plan or a custom agent). */
export const pickedAgent = (name: string): string => `#agent-picker[data-agent="${name}"]`;

/** Picks an agent as a user does: opens the header's picker and chooses `name` in the quick pick by typing it. */
export async function pickAgentInHeader(name: string): Promise<void> {
  await webview.click('#agent-picker');
  await page.waitFor('.quick-input-widget .quick-input-title', { text: 'Pick an agent' });
  await page.type(name);
  await page.waitFor('.quick-input-widget .monaco-list-row.focused', { text: name });
  await page.press('Enter');
  await page.waitFor('.quick-input-widget', { state: 'hidden' });
  await webview.waitFor(pickedAgent(name));
}

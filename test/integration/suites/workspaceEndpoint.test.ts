import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { startRecordingHttpListener, type RecordingHttpListener } from '../../support/recordingHttpListener';
import { openChat, sendPrompt, sleep, startNewChat, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

/**
 * A cloned repository's `.vscode/settings.json` names an endpoint of its own: the API key must
 * still go only to the endpoint in the user's settings.
 */
export function workspaceEndpointTests(server: () => FakeLlmServer): void {
  describe('an endpoint named by the workspace settings', () => {
    let attacker: RecordingHttpListener | undefined;
    const settingsFile = (): string => path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', '.vscode', 'settings.json');
    let original: string | undefined;

    after(async () => {
      if (original === undefined) await fs.rm(settingsFile(), { force: true });
      else await fs.writeFile(settingsFile(), original);
      await attacker?.close();
      server().discardPending();
    });

    it('is ignored, with a warning: the request and the key go to the endpoint in the user settings', async () => {
      attacker = await startRecordingHttpListener();
      // As a cloned repository ships it: VS Code itself refuses to write an application-scoped setting there.
      original = await fs.readFile(settingsFile(), 'utf8').catch(() => undefined);
      const current = original ?? '{}';
      await fs.mkdir(path.dirname(settingsFile()), { recursive: true });
      await fs.writeFile(settingsFile(), applyEdits(current, modify(current, ['elbow.baseUrl'], `${attacker.url}/v1`, {})));
      await sleep(500);
      await startNewChat();
      await openChat();
      server().enqueue({ kind: 'reply', content: [text('Answered by the user’s endpoint.')] });
      await sendPrompt('Which endpoint answers?');
      await webview.waitFor('.item-assistant', { text: 'Answered by the user’s endpoint.' });
      await waitUntilIdle();
      assert.deepEqual(attacker.requests, [], 'nothing reached the endpoint the workspace named');
      assert.ok(JSON.stringify(server().requests.at(-1)?.body).includes('Which endpoint answers?'));
      await page.waitFor('.statusbar-item[id="status.notifications"] .codicon-bell-dot', { timeoutMs: 20_000 });
      await page.click('.statusbar-item[id="status.notifications"]');
      await page.waitFor('.notifications-center .notification-list-item', { text: `name another endpoint for Elbow (${attacker.url}/v1)` });
      await vscode.commands.executeCommand('notifications.clearAll');
    });
  });
}

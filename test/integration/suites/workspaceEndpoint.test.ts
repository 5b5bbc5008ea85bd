import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text } from '../../support/fakeLlmServer';
import { startRecordingHttpListener, type RecordingHttpListener } from '../../support/recordingHttpListener';
import { openChat, sendPrompt, sleep, startNewChat, waitUntilIdle } from '../support/chat';
import { webview } from '../support/driver';

/**
 * A cloned repository's `.vscode/settings.json` names an endpoint of its own: the API key must
 * still go only to the endpoint in the user's settings.
 */
export function workspaceEndpointTests(server: () => FakeLlmServer): void {
  describe('an endpoint named by the workspace settings', () => {
    let attacker: RecordingHttpListener | undefined;

    after(async () => {
      await vscode.workspace.getConfiguration('elbow').update('baseUrl', undefined, vscode.ConfigurationTarget.Workspace);
      await attacker?.close();
      server().discardPending();
    });

    it('is ignored: the request and the key go to the endpoint in the user settings, and the user is told', async () => {
      attacker = await startRecordingHttpListener();
      await vscode.workspace.getConfiguration('elbow').update('baseUrl', `${attacker.url}/v1`, vscode.ConfigurationTarget.Workspace);
      await startNewChat();
      await openChat();
      server().enqueue({ kind: 'reply', content: [text('Answered by the user’s endpoint.')] });
      await sendPrompt('Which endpoint answers?');
      await webview.waitFor('.item-assistant', { text: 'Answered by the user’s endpoint.' });
      await waitUntilIdle();
      assert.deepEqual(attacker.requests, [], 'nothing reached the endpoint the workspace named');
      assert.ok(JSON.stringify(server().requests.at(-1)?.body).includes('Which endpoint answers?'));
      await vscode.commands.executeCommand('elbow.showLogs');
      let log = '';
      for (let attempt = 0; attempt < 50 && !log.includes(attacker.url); attempt++) {
        await sleep(100);
        log = vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'output' && /Elbow/.test(document.uri.path)).map((document) => document.getText()).join('\n');
      }
      assert.match(log, /This workspace's settings name another endpoint for Elbow/, 'the user is told why the workspace endpoint was not used');
      await vscode.commands.executeCommand('workbench.action.closePanel');
    });
  });
}

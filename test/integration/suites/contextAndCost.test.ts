import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { openChat, sendPromptAndWaitForReply, startNewChat, textsOf, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

const SUMMARY = '## Goal\nRename the widget (quote: "Rename Widget to Gadget everywhere").\n## Remaining work\nUpdate the docs.';
const GOAL = 'Rename Widget to Gadget everywhere';

async function setModels(value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('elbow').update('models', value, vscode.ConfigurationTarget.Global);
}

function lastRequestText(server: FakeLlmServer): string {
  return JSON.stringify(server.requests.at(-1)?.body);
}

export function contextAndCostTests(server: () => FakeLlmServer): void {
  describe('context meter, cost and compaction', function () {
    this.timeout(60_000);

    before(async () => {
      await setModels({ 'fake-model': { contextWindow: 20_000, maxOutputTokens: 2_000, inputPrice: 3, outputPrice: 15 } });
      await startNewChat();
      await openChat();
    });
    after(async () => {
      await setModels({ 'fake-model': { contextWindow: 128_000, maxOutputTokens: 8_192 } });
      server().discardPending();
    });

    it('shows how full the window is and what the conversation cost, then compacts it on "Compact now" and keeps the goal', async () => {
      assert.equal(await webview.evaluate<boolean>(`document.getElementById('compact-now').disabled`), true, 'nothing to compact in an empty chat');
      server().enqueue({ kind: 'reply', content: [text('Renamed it in three files.')], usage: { input: 5_000, output: 200 } });
      await sendPromptAndWaitForReply(GOAL, 'Renamed it in three files.');
      await webview.waitFor('#context-meter', { text: '5.2k / 20k' });
      assert.match(await webview.evaluate<string>(`document.getElementById('context-meter').getAttribute('aria-label')`), /5,200 of 20,000 tokens/);
      assert.match(await webview.evaluate<string>(`document.getElementById('context-meter').title`), /\nWindow size from your elbow\.models setting$/, 'the tooltip says where the window came from');
      // 5,000 × $3 + 200 × $15 per million tokens.
      assert.match((await textsOf('#usage')).join(''), /5k in · 200 out · \$0\.02/);

      server().enqueue({ kind: 'reply', content: [text(SUMMARY)] });
      await webview.click('#compact-now');
      await webview.waitFor('.item-compaction .compaction-title', { text: 'Earlier messages summarised' });
      await waitUntilIdle();
      const summaryRequest = lastRequestText(server());
      assert.match(summaryRequest, /Your context window is filling up/);
      assert.ok(summaryRequest.includes(GOAL), 'the summary request holds the conversation');
      await webview.click('.item-compaction summary');
      await webview.waitFor('.item-compaction .compaction-markdown', { text: 'Update the docs.' });
      const archive = (await textsOf('.item-compaction .compaction-archive-path')).join('').trim();
      const transcript = (await fs.readFile(archive, 'utf8')).trim().split('\n');
      assert.equal(transcript.length, 3, 'a header, the user message and the answer');
      assert.ok(transcript[1]?.includes(GOAL));
      // The user's view keeps everything: the first message and answer are still there.
      const users = await textsOf('.item-user');
      assert.equal(users.length, 1);
      assert.ok(users[0]?.startsWith(GOAL));
      await page.screenshot('context-compaction');

      server().enqueue({ kind: 'reply', content: [text('The docs are updated too.')] });
      await sendPromptAndWaitForReply('Now the docs', 'The docs are updated too.');
      const next = lastRequestText(server());
      assert.ok(next.includes(GOAL), 'the original goal, verbatim');
      assert.ok(next.includes('Update the docs.'), 'the summary');
      assert.ok(!next.includes('Renamed it in three files.'), 'the earlier answer was replaced by the summary');
      assert.deepEqual(server().violations, []);
    });
  });
}

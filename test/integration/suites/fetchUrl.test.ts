import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startWebPageServer, type WebPageServer } from '../../support/webPageServer';
import { openChat, sendPrompt, startNewChat, stopAndSettle, toolResultsSent, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const pending = '.tool-card[data-approval="pending"]';

function savedArticle(): Buffer {
  const extension = vscode.extensions.getExtension('elbow.elbow');
  if (extension === undefined) throw new Error('The Elbow extension is not loaded.');
  return fs.readFileSync(path.join(extension.extensionPath, 'test/fixtures/webPages/wikipedia-mozilla.html'));
}

async function setAllowedHosts(hosts: string[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('elbow').update('sandbox.allowedHosts', hosts, vscode.ConfigurationTarget.Global);
}

/** fetch_url in VS Code: the question per domain, the page as markdown for the model, loopback refused unless listed. */
export function fetchUrlTests(server: () => FakeLlmServer): void {
  describe('fetch_url', function () {
    this.timeout(120_000);
    let pages: WebPageServer;

    before(async () => {
      pages = await startWebPageServer();
      const article = savedArticle();
      pages.route('/wiki/Mozilla', (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end(article));
      await startNewChat();
      await openChat();
    });
    afterEach(async () => {
      await stopAndSettle(server());
      await setAllowedHosts(undefined);
    });
    after(async () => {
      await useTheme('Default Dark Modern');
      await pages.close();
    });

    it('asks before reading a page of the test server’s address; "Allow once" sends the article as markdown to the model', async () => {
      await setAllowedHosts([`127.0.0.1:${pages.port}`]);
      const url = `${pages.origin}/wiki/Mozilla`;
      server().enqueue({ kind: 'reply', content: [toolCall('fetch_url', { url })] }, { kind: 'reply', content: [text('Done: article')] });
      const width = await narrowChatTo(300);
      await sendPrompt('Read the article');
      await webview.waitFor(`${pending} .approval-title`, { text: 'Read this web page?', timeoutMs: 30_000 });
      await webview.waitFor(`${pending} .approval-detail`, { text: url });
      const buttons = await webview.evaluate<string[]>(`[...document.querySelectorAll(${JSON.stringify(`${pending} .approval-actions > button`)})].filter((button) => button.checkVisibility()).map((button) => button.textContent.trim())`);
      assert.deepEqual(buttons, ['Allow once', 'Always for this domain', 'Deny', 'Deny with reason…']);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      await page.screenshot('fetch-url-approval-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('fetch-url-approval-light');
      await useTheme('Default Dark Modern');
      await webview.click(`${pending} .approval-allow`);
      await webview.waitFor('.item-assistant', { text: 'Done: article' });
      await waitUntilIdle();
      const sent = toolResultsSent(server());
      assert.match(sent, /^# Mozilla - Wikipedia$/m);
      assert.match(sent, /^## History/m);
      assert.match(sent, new RegExp(`\\[Netscape\\]\\(${pages.origin.replace(/\./g, '\\.')}/wiki/Netscape`));
      assert.equal(pages.requests.length, 1);
      await webview.waitFor('.approval-outcome', { text: 'Allowed' });
    });

    it('refuses the loopback address without asking when it is not listed in elbow.sandbox.allowedHosts', async () => {
      const url = `${pages.origin}/wiki/Mozilla?unlisted`;
      server().enqueue({ kind: 'reply', content: [toolCall('fetch_url', { url })] }, { kind: 'reply', content: [text('Done: refused')] });
      await sendPrompt('Read it again');
      await webview.waitFor('.item-assistant', { text: 'Done: refused', timeoutMs: 30_000 });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /127\.0\.0\.1 is a private, local or reserved address/);
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll(${JSON.stringify(pending)}).length`), 0, 'nothing was asked');
      assert.equal(pages.requests.length, 1, 'the server was not reached again');
    });
  });
}

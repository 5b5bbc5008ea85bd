import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { emptyUsage } from '../../../src/core/llm/messages';
import { ConversationStore } from '../../../src/vscode/chat/conversationStore';
import { longConversation } from '../../unit/webview/support/longConversation';
import { openChat, startNewChat } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const itemCount = 5_000;
const title = 'A long session of 5,000 items';

/** Where this window's Elbow keeps its conversations: the workspace storage folder whose index the chat wrote last. */
async function conversationsFolder(): Promise<string> {
  const userData = process.env.ELBOW_TEST_USER_DATA;
  if (userData === undefined) throw new Error('ELBOW_TEST_USER_DATA is not set: run the suite through scripts/run-vscode-tests.mjs or run-electron-tests.mjs.');
  const storage = path.join(userData, 'User', 'workspaceStorage');
  const candidates = await Promise.all((await fs.readdir(storage)).map(async (name) => {
    const folder = path.join(storage, name, 'elbow.elbow', 'conversations');
    const stat = await fs.stat(path.join(folder, 'index.json')).catch(() => undefined);
    return { folder, written: stat?.mtimeMs ?? -1 };
  }));
  const newest = candidates.sort((a, b) => b.written - a.written)[0];
  if (newest === undefined || newest.written < 0) throw new Error(`No saved conversations under ${storage}: the suites before this one save some.`);
  return newest.folder;
}

/** A 5,000-item conversation saved as the chat saves one, opened from the history as a user does, in a 300 px side bar. */
export function longSessionTests(): void {
  describe('a long conversation', function () {
    this.timeout(120_000);
    let store: ConversationStore | undefined;
    after(async () => {
      await useTheme('Default Dark Modern');
      await startNewChat();
      await store?.delete('long-session');
    });

    it('opens 5,000 items from the history at their end with only the visible ones in the page; Home shows the first question, End the last reply (screenshots)', async () => {
      const items = longConversation(itemCount);
      const now = Date.now();
      store = new ConversationStore(await conversationsFolder());
      await store.save({ id: 'long-session', title, createdAt: now, updatedAt: now, messages: [], items, usage: emptyUsage() });
      await openChat();
      await narrowChatTo(300);

      await webview.click('#history-button');
      await webview.waitFor('.history-entry', { text: title });
      await webview.click(`.history-entry:has-text("${title}") .history-open`);
      const last = items.at(-1);
      assert.ok(last !== undefined);
      await webview.waitFor(`#messages [data-item-id="${last.id}"]`, { state: 'visible', timeoutMs: 15_000 });
      const inPage = await webview.evaluate<number>('document.querySelectorAll("#messages [data-item-id]").length');
      assert.ok(inPage > 0 && inPage <= 150, `${inPage} of ${itemCount} items are in the page`);

      await webview.press('#messages', 'Home');
      await webview.waitFor('#messages [data-item-id="u0"]', { state: 'visible' });
      assert.match(await webview.evaluate<string>('document.querySelector("#messages [data-item-id=\\"u0\\"]").textContent'), /Question 0:/);
      await page.screenshot('long-session-top-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('long-session-top-light');

      await webview.press('#messages', 'End');
      await webview.waitFor(`#messages [data-item-id="${last.id}"]`, { state: 'visible' });
      await page.screenshot('long-session-end-light');
      const afterScrolling = await webview.evaluate<number>('document.querySelectorAll("#messages [data-item-id]").length');
      assert.ok(afterScrolling <= 150, `${afterScrolling} items are in the page after scrolling to the top and back`);
    });
  });
}

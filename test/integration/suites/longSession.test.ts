import assert from 'node:assert/strict';
import { emptyUsage } from '../../../src/core/llm/messages';
import { ConversationStore } from '../../../src/vscode/chat/conversationStore';
import { longConversation } from '../../unit/webview/support/longConversation';
import { openChat, startNewChat } from '../support/chat';
import { conversationsFolder } from '../support/history';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const itemCount = 5_000;
const title = 'A long session of 5,000 items';

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

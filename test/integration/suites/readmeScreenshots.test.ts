import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sendPrompt, sleep, startNewChat, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { lensTitles, waitForHunks } from '../support/review';

const cartFile = 'src/cart.ts';

const cartBefore = `export interface Item {
  name: string;
  price: number;
  quantity: number;
}

export function total(items: Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.price;
  }
  return sum;
}

export function formatPrice(amount: number): string {
  return '$' + amount;
}
`;

const cartAfter = cartBefore.replace('sum += item.price;', () => 'sum += item.price * item.quantity;').replace("return '$' + amount;", () => 'return `$${amount.toFixed(2)}`;');

const prompt = 'total() ignores the quantity, and formatPrice(3.5) shows $3.5. Fix both.';

const answer = `Fixed both in \`src/cart.ts\`:

- **\`total()\`** multiplies each price by its quantity.
- **\`formatPrice()\`** always shows two decimals:

\`\`\`ts
formatPrice(3.5); // '$3.50'
\`\`\`

Accept or reject each change in the editor.`;

/** The README's two pictures, from a real conversation: the chat panel, then inline review in the editor. */
export function readmeScreenshotTests(server: () => FakeLlmServer): void {
  describe('the README screenshots', () => {
    const uri = workspaceFile(cartFile);

    before(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await startNewChat();
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(cartBefore));
      await openChat();
      await setApiKeyAndClearToasts();
    });
    after(async () => {
      await vscode.workspace.getConfiguration('editor').update('fontSize', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('elbow.focusChat');
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(uri);
      await startNewChat();
    });

    it('takes readme-panel: a conversation with a read, two edits and a markdown answer', async () => {
      await vscode.window.showTextDocument(uri);
      await openChat();
      server().enqueue(
        { kind: 'reply', content: [text('Let me read the cart first.'), toolCall('read_file', { path: cartFile })] },
        {
          kind: 'reply',
          content: [
            toolCall('edit_file', { path: cartFile, old_str: 'sum += item.price;', new_str: 'sum += item.price * item.quantity;' }),
            toolCall('edit_file', { path: cartFile, old_str: "return '$' + amount;", new_str: 'return `$${amount.toFixed(2)}`;' }),
          ],
        },
        { kind: 'reply', chunkDelayMs: 5, content: [text(answer)] },
      );
      await sendPrompt(prompt);
      await webview.waitFor('.item-assistant', { text: 'Accept or reject each change' });
      await waitUntilIdle();
      await waitForHunks(uri, 2);
      await page.waitFor('.codelens-decoration', { text: 'Accept File' });
      await webview.waitFor('.changed-file', { text: cartFile });
      assert.deepEqual(server().violations, []);
      // What the picture is there to show: the read, the two edits with their lines, the answer's markdown and the changed file.
      const cards = await webview.evaluate<string[]>('[...document.querySelectorAll(".tool-card")].map((card) => `${card.dataset.tool} ${card.dataset.status}: ${card.querySelector(".tool-title")?.textContent}`)');
      assert.equal(cards.length, 3, cards.join('\n'));
      assert.match(cards[0] ?? '', /^read_file done: Read src\/cart\.ts \(lines 1–17\)/);
      assert.match(cards[1] ?? '', /^edit_file done: Edited .*cart\.ts:10 \+1 −1/);
      assert.match(cards[2] ?? '', /^edit_file done: Edited .*cart\.ts:16 \+1 −1/);
      assert.match(await webview.evaluate<string>('document.querySelector(".changed-file")?.textContent ?? ""'), /src\/cart\.ts.*\+2.*−2/);
      assert.deepEqual(await webview.evaluate<string[]>('[...document.querySelectorAll(".item-assistant strong")].map((strong) => strong.textContent)'), ['total()', 'formatPrice()']);
      assert.match(await webview.evaluate<string>('document.querySelector(".item-assistant pre")?.textContent ?? ""'), /formatPrice\(3\.5\); \/\/ '\$3\.50'/);
      assert.equal((await vscode.workspace.openTextDocument(uri)).getText(), cartAfter);
      await page.screenshot('readme-panel');
    });

    it('takes readme-review: the edited file with its hunks, full width', async () => {
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.workspace.getConfiguration('editor').update('fontSize', 18, vscode.ConfigurationTarget.Global);
      const editor = await vscode.window.showTextDocument(uri);
      // The cursor on the last, empty line: on a word, VS Code would highlight its other occurrences.
      editor.selection = new vscode.Selection(17, 0, 17, 0);
      editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
      await waitForHunks(uri, 2);
      await page.waitFor('.monaco-editor .view-line', { text: 'item.quantity' });
      // The editor lays out again at the new font size after the setting's event, its lenses last.
      await sleep(1_000);
      await page.waitFor('.codelens-decoration', { text: 'Accept File', timeoutMs: 30_000 });
      // Full width with both changes pending, each with its Accept | Reject, and the file's own lenses.
      await page.waitFor('.part.sidebar', { state: 'hidden' });
      assert.equal(editor.document.getText(), cartAfter);
      assert.deepEqual(await lensTitles(uri), ['$(check) Accept File', '$(discard) Reject File', '$(diff) Open Diff (+2 −2)', '$(check) Accept', '$(discard) Reject', '$(check) Accept', '$(discard) Reject']);
      await page.screenshot('readme-review');
    });
  });
}

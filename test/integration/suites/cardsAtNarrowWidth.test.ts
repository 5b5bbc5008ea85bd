import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, sendPrompt, sleep, startNewChat, stopAndSettle, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { useTheme } from '../support/viewLayout';

const reviewFile = 'narrow/webview/components/review.ts';
const reviewSource = Array.from({ length: 20 }, (_, index) => `export const step${index + 1} = ${index + 1};`).join('\n') + '\n';
const queuedText = 'Once the notes are read, summarise the ones that still name fixed colours instead of the theme variables, with their lines.';
const link = 'https://example.com/report?data=secret';

/** Whether each element matching `selector` shows its whole text: not cut by an ellipsis, inside the view. */
function wholeness(selector: string): Promise<{ text: string; whole: boolean }[]> {
  return webview.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => {
    const box = element.getBoundingClientRect();
    const content = document.createRange();
    content.selectNodeContents(element);
    return { text: element.textContent, whole: box.width > 0 && box.right <= document.documentElement.clientWidth && box.width + 0.5 >= content.getBoundingClientRect().width };
  })`);
}

const chatWidth = (): Promise<number> => webview.evaluate<number>('document.documentElement.clientWidth');

/** Drags the side bar's edge until the chat is `width` px wide or a few pixels less, as the user does. */
async function resizeSideBar(width: number): Promise<number> {
  await vscode.commands.executeCommand('elbow.focusChat');
  for (let attempt = 0; attempt < 4; attempt++) {
    const now = await chatWidth();
    if (now <= width && now >= width - 6) return now;
    await page.dragRightEdge('.part.sidebar', width - 2 - now);
    await sleep(300);
  }
  return chatWidth();
}

async function screenshotInBothThemes(name: string): Promise<void> {
  await page.screenshot(`${name}-dark`);
  await useTheme('Default Light Modern');
  await page.screenshot(`${name}-light`);
  await useTheme('Default Dark Modern');
}

/** What a user meets in a narrow side bar: steered and queued messages, a long edit title, and a link the model wrote. */
export function cardsAtNarrowWidthTests(server: () => FakeLlmServer): void {
  describe('cards at 300 px', function () {
    this.timeout(120_000);
    let startWidth = 300;

    before(async () => {
      await startNewChat();
      await openChat();
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
      startWidth = await chatWidth();
      const width = await resizeSideBar(300);
      assert.ok(width <= 300 && width >= 292, `the chat is ${width} px wide`);
    });
    afterEach(async () => {
      await stopAndSettle(server());
      while (await webview.evaluate<boolean>(`document.querySelector('.queued-remove') !== null`)) await webview.click('.queued-remove');
    });
    after(async () => {
      // The suites after this one see the side bar as they would have.
      await resizeSideBar(startWidth + 2);
      await useTheme('Default Dark Modern');
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(workspaceFile('narrow'), { recursive: true }).then(undefined, () => undefined);
    });

    it('keeps a steered message in view, waiting for the next step, above a queued one that reads whole', async () => {
      const slowText = 'Reading the notes first, then I will look at each file they name, one at a time, before answering. '.repeat(3);
      server().enqueue(
        { kind: 'reply', content: [text(slowText), toolCall('read_file', { path: 'notes.md' })], chunkSize: 2, chunkDelayMs: 40 },
        { kind: 'reply', content: [text('Done, with bullet points.')] },
        { kind: 'reply', content: [text('Answer to the queued one.')] },
      );
      await sendPrompt('Read the notes');
      await webview.waitFor('.item-assistant', { text: 'Reading' });
      await webview.fill('#prompt', 'Use bullet points');
      await webview.press('#prompt', 'Control+Enter');
      await sendPrompt(queuedText);
      await webview.waitFor('.steering-row .queued-text', { text: 'Use bullet points' });
      await webview.waitFor('.queued-row:not(.steering-row) .queued-text', { text: 'Once the notes' });
      assert.equal(await webview.evaluate<string>('document.getElementById("steering-title").textContent'), 'Will be sent after the current step');
      const queued = await webview.evaluate<{ lines: number; textWidth: number; rowWidth: number }>(`(() => {
        const text = document.querySelector('.queued-row:not(.steering-row) .queued-text');
        const row = text.closest('.queued-row');
        return { lines: Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight)), textWidth: text.getBoundingClientRect().width, rowWidth: row.getBoundingClientRect().width };
      })()`);
      assert.equal(queued.lines, 2, 'two lines of the queued text show');
      assert.ok(queued.textWidth > queued.rowWidth * 0.6, `the text has the width: ${JSON.stringify(queued)}`);
      await screenshotInBothThemes('steered-and-queued');

      await webview.waitFor('.item-user', { text: 'Use bullet points', timeoutMs: 60_000 });
      await webview.waitFor('#steering-title', { state: 'hidden' });
      await webview.waitFor('.item-assistant', { text: 'Answer to the queued one.', timeoutMs: 60_000 });
      await waitUntilIdle();
      assert.deepEqual(server().violations, []);
    });

    it('asks before opening a link the model wrote with Copy link as the default: Enter does not open it', async () => {
      server().enqueue({ kind: 'reply', content: [text(`See [the report](${link}).`)] });
      await sendPrompt('Where is the report?');
      await webview.waitFor('.item-assistant a', { text: 'the report' });
      await waitUntilIdle();
      const tabs = (await page.tabs()).length;
      await webview.click('.item-assistant a:has-text("the report")');
      await page.waitFor('.quick-input-widget', { text: 'Open this link from the chat?' });
      await page.waitFor('.quick-input-widget .monaco-list-row.focused', { text: 'Copy link' });
      await page.screenshot('link-dialog');
      await page.press('Enter');
      await page.waitFor('.quick-input-widget', { state: 'hidden' });
      await sleep(1_000);
      assert.equal((await page.tabs()).length, tabs, 'Enter did not open the link');
    });

    it('keeps the verb, the file’s name and the counts of an edit card’s title at 280 px, the folders giving way first', async () => {
      await vscode.workspace.fs.writeFile(workspaceFile(reviewFile), new TextEncoder().encode(reviewSource));
      const width = await resizeSideBar(280);
      assert.ok(width <= 280 && width >= 272, `the chat is ${width} px wide`);
      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: reviewFile, edits: [{ old_str: 'step3 = 3;', new_str: 'step3 = 30;' }, { old_str: 'step16 = 16;', new_str: 'step16 = 160;' }] })] },
        { kind: 'reply', content: [text('Both steps changed.')] },
      );
      await sendPrompt('Change steps 3 and 16');
      await webview.waitFor('.item-assistant', { text: 'Both steps changed.' });
      await waitUntilIdle();
      const card = '.tool-card[data-tool="edit_file"]';
      assert.equal(await webview.evaluate<string>(`document.querySelector('${card} .tool-title').title`), `Edited ${reviewFile}:3, 16 +2 −2`);
      await screenshotInBothThemes('long-edit-title');
      const summary = await webview.evaluate<string>(`JSON.stringify([...document.querySelectorAll('${card} .tool-summary > *, ${card} .tool-title > *')].map((element) => [element.className, Math.round(element.getBoundingClientRect().width), element.scrollWidth]))`);
      for (const part of ['verb', 'name', 'counts']) {
        const [shown] = await wholeness(`${card} .tool-title-${part}`);
        assert.ok(shown?.whole === true, `the ${part} shows whole in a ${width} px chat: ${JSON.stringify(shown)} ${summary}`);
      }
      const [folders] = await wholeness(`${card} .tool-title-folders`);
      assert.equal(folders?.whole, false, 'the folders give way first');
    });
  });
}

import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, type FakeLlmServer } from '../../support/fakeLlmServer';
import { pngImage } from '../../support/pngImage';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, sendPrompt, sleep, startNewChat, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

const screenshot = pngImage(320, 200, [220, 60, 60]);
const screenshotBase64 = screenshot.toString('base64');
const imageChip = '#attachments .chip-image';

/** Pastes a file into the prompt box as Ctrl+V with an image on the clipboard does: a real paste event carrying a DataTransfer. */
function paste(base64: string, name: string, mediaType: string): Promise<boolean> {
  return webview.evaluate<boolean>(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(base64)}), (character) => character.charCodeAt(0));
    const clipboard = new DataTransfer();
    clipboard.items.add(new File([bytes], ${JSON.stringify(name)}, { type: ${JSON.stringify(mediaType)} }));
    const prompt = document.querySelector('#prompt');
    prompt.focus();
    return !prompt.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  })()`);
}

async function useModel(provider: 'openai' | 'anthropic', baseUrl: string, model: string): Promise<void> {
  const configuration = vscode.workspace.getConfiguration('elbow');
  await configuration.update('provider', provider, vscode.ConfigurationTarget.Global);
  await configuration.update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
  await configuration.update('model', model, vscode.ConfigurationTarget.Global);
  await setApiKeyOfCurrentProvider();
  await startNewChat();
  await openChat();
}

async function useTheme(name: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', name, vscode.ConfigurationTarget.Global);
  await sleep(800);
}

async function narrowTo(width: number): Promise<number> {
  const chatWidth = (): Promise<number> => webview.evaluate<number>('document.documentElement.clientWidth');
  for (let attempt = 0; attempt < 20 && (await chatWidth()) > width; attempt++) {
    await vscode.commands.executeCommand('elbow.focusChat');
    await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
  }
  return chatWidth();
}

type Body = { messages: Array<{ role: string; content: unknown }> };

export function imageTests(server: () => FakeLlmServer): void {
  describe('images in the chat input', function () {
    this.timeout(120_000);

    after(async () => {
      const configuration = vscode.workspace.getConfiguration('elbow');
      await configuration.update('provider', 'openai', vscode.ConfigurationTarget.Global);
      await configuration.update('baseUrl', server().openaiBaseUrl, vscode.ConfigurationTarget.Global);
      await configuration.update('model', 'fake-model', vscode.ConfigurationTarget.Global);
      await useTheme('Default Dark Modern');
      server().discardPending();
    });

    it('a pasted screenshot becomes a thumbnail chip and reaches OpenAI as an image_url part', async () => {
      await useModel('openai', server().openaiBaseUrl, 'gpt-4.1');
      const width = await narrowTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      assert.equal(await paste(screenshotBase64, 'screenshot.png', 'image/png'), true, 'the paste is taken as an image, not as text');
      await webview.waitFor(`${imageChip} img.chip-thumbnail`);
      assert.match(await webview.evaluate<string>(`document.querySelector('${imageChip}').textContent`), /screenshot\.png.*\d+ tokens/);
      await webview.fill('#prompt', 'Why is this box red?');
      await page.screenshot('image-chip-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('image-chip-light');
      await useTheme('Default Dark Modern');
      server().enqueue({ kind: 'reply', content: [text('It shows an error state.')] });
      const before = server().requests.length;
      await webview.press('#prompt', 'Enter');
      await webview.waitFor('.item-user .chip-image img.chip-thumbnail');
      await webview.waitFor('.item-assistant', { text: 'It shows an error state.' });
      await waitUntilIdle();
      assert.deepEqual(server().violations, []);
      const user = (server().requests[before]?.body as Body).messages.find((message) => message.role === 'user');
      assert.deepEqual(user?.content, [
        { type: 'image_url', image_url: { url: `data:image/png;base64,${screenshotBase64}` } },
        { type: 'text', text: 'Why is this box red?' },
      ]);
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll('${imageChip}').length`), 0, 'the chip went with the message');
      await page.screenshot('image-transcript-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('image-transcript-light');
      await useTheme('Default Dark Modern');
    });

    it('reaches Anthropic as a base64 image block', async () => {
      await useModel('anthropic', server().anthropicBaseUrl, 'claude-sonnet-4-6');
      await paste(screenshotBase64, 'screenshot.png', 'image/png');
      await webview.waitFor(`${imageChip} img.chip-thumbnail`);
      server().enqueue({ kind: 'reply', content: [text('A red rectangle.')] });
      const before = server().requests.length;
      await sendPrompt('What is this?');
      await webview.waitFor('.item-assistant', { text: 'A red rectangle.' });
      await waitUntilIdle();
      assert.deepEqual(server().violations, []);
      const user = (server().requests[before]?.body as { messages: Array<{ content: Array<Record<string, unknown>> }> }).messages[0];
      assert.deepEqual(user?.content[0], { type: 'image', source: { type: 'base64', media_type: 'image/png', data: screenshotBase64 } });
    });

    it('a model without vision gets a clear error before any request', async () => {
      await useModel('openai', server().openaiBaseUrl, 'deepseek-chat');
      await paste(screenshotBase64, 'screenshot.png', 'image/png');
      await webview.waitFor(`${imageChip} img.chip-thumbnail`);
      const before = server().requests.length;
      await sendPrompt('What is this?');
      await webview.waitFor('.item-error', { text: 'deepseek-chat does not accept images; choose a vision model or remove the image.' });
      await waitUntilIdle();
      assert.equal(server().requests.length, before, 'nothing was sent');
      assert.ok((await webview.evaluate<string>(`[...document.querySelectorAll('.item-user')].at(-1)?.textContent ?? ''`)).includes('What is this?'), 'what was typed stays in the conversation');
    });

    it('an image file dragged from the explorer is read by the extension; one outside the workspace is refused', async () => {
      await useModel('openai', server().openaiBaseUrl, 'gpt-4.1');
      const inside = vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/'), 'dragged.png');
      await vscode.workspace.fs.writeFile(inside, pngImage(40, 30, [30, 160, 60]));
      const outside = vscode.Uri.file('/tmp/elbow-outside-workspace.png');
      for (const uri of [inside, outside]) {
        await webview.evaluate(`(() => {
          const transfer = new DataTransfer();
          transfer.setData('text/uri-list', ${JSON.stringify(uri.toString())});
          document.querySelector('#prompt').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        })()`);
      }
      await webview.waitFor(`${imageChip}:not(.chip-problem) img.chip-thumbnail`);
      assert.match(await webview.evaluate<string>(`document.querySelector('${imageChip}:not(.chip-problem)').textContent`), /dragged\.png · \d+ tokens/);
      await webview.waitFor('#attachments .chip-problem', { text: 'is outside the workspace; only images inside it can be attached.' });
      server().enqueue({ kind: 'reply', content: [text('A green box.')] });
      const before = server().requests.length;
      await sendPrompt('And this one?');
      await webview.waitFor('.item-assistant', { text: 'A green box.' });
      await waitUntilIdle();
      const user = (server().requests[before]?.body as Body).messages.find((message) => message.role === 'user');
      assert.deepEqual((user?.content as unknown[])[0], { type: 'image_url', image_url: { url: `data:image/png;base64,${pngImage(40, 30, [30, 160, 60]).toString('base64')}` } });
      assert.deepEqual(await webview.evaluate<string[]>(`[...document.querySelectorAll('#attachments .chip')].map((chip) => chip.textContent)`), ['/tmp/elbow-outside-workspace.png is outside the workspace; only images inside it can be attached.'], 'the refused chip stays until removed');
      await webview.click('#attachments .chip-problem .chip-remove');
      await vscode.workspace.fs.delete(inside);
    });

    it('an image in another format gets a chip saying why, which the keyboard removes', async () => {
      await useModel('openai', server().openaiBaseUrl, 'gpt-4.1');
      await paste(screenshotBase64, 'scan.bmp', 'image/bmp');
      await webview.waitFor('#attachments .chip-problem', { text: 'scan.bmp is image/bmp; the models take PNG, JPEG, GIF or WebP images.' });
      await webview.fill('#prompt', 'draft that must survive');
      await page.screenshot('image-problem-dark');
      await webview.evaluate(`document.querySelector('#attachments .chip-problem .chip-remove').focus()`);
      await webview.press('#attachments .chip-problem .chip-remove', 'Enter');
      await webview.waitFor('#attachments .chip-problem', { state: 'detached' });
      assert.equal(await webview.evaluate<string>(`document.querySelector('#prompt').value`), 'draft that must survive');
      await webview.fill('#prompt', '');
    });
  });
}

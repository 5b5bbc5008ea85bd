import assert from 'node:assert/strict';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { sendPrompt, sleep, startNewChat, waitUntilIdle } from '../support/chat';
import { webview } from '../support/driver';

const payload = [
  'Here you go: <img src=x onerror="window.__xss = \'model-img\'; parent.__xss = \'model-img\'">',
  '<script>window.__xss = "model-script"</script>',
  '[click me](javascript:window.__xss=\'model-link\')',
  '<a href="javascript:window.__xss=\'model-a\'">or me</a>',
  '<iframe src="javascript:parent.__xss=\'model-iframe\'"></iframe>',
  '<svg onload="window.__xss=\'model-svg\'"></svg>',
].join('\n\n');

/** Model output and file contents are untrusted: nothing in them may run in the webview. */
export function xssTests(server: () => FakeLlmServer): void {
  describe('untrusted content in the chat', () => {
    before(async () => {
      await startNewChat();
    });

    it('renders model output and file contents with markup but never runs it', async () => {
      server().enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: 'notes.md' })] },
        { kind: 'reply', content: [text(payload)] },
      );
      await sendPrompt('Show me notes.md');
      await webview.waitFor('.item-assistant', { text: 'Here you go' });
      await waitUntilIdle();
      await webview.click('.tool-card summary');
      await webview.waitFor('.tool-card', { text: 'onerror' });
      // Whatever is left of the links (text, or a link made harmless) is clicked as a user would.
      for (const label of ['click me', 'or me']) {
        const selector = `.item-assistant a:has-text("${label}")`;
        if (await webview.evaluate<boolean>(`[...document.querySelectorAll('.item-assistant a')].some((a) => a.textContent.includes(${JSON.stringify(label)}))`)) await webview.click(selector);
      }
      await sleep(500);

      assert.equal(await webview.evaluate<unknown>('window.__xss ?? null'), null, 'no script ran in the webview');
      assert.equal(await webview.evaluate<unknown>('(() => { try { return parent.__xss ?? null } catch { return null } })()'), null, 'nor in its parent');
      const dangerous = await webview.evaluate<number>(
        `document.querySelectorAll('#messages script, #messages iframe, #messages [onerror], #messages [onload], #messages a[href^="javascript:"]').length`,
      );
      assert.equal(dangerous, 0, 'sanitised: no script, iframe, handlers or javascript: links');
      assert.ok(await webview.evaluate<boolean>(`document.querySelector('.tool-card').textContent.includes('<script>')`), 'file contents are shown as text');
      assert.deepEqual(server().violations, []);
    });
  });
}

import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, sendPrompt, startNewChat, stopAndSettle, textsOf, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';

const longAnswer = Array.from({ length: 60 }, (_, index) => `Line ${index + 1} of a long answer.`).join('\n');

interface WireMessage {
  role: string;
  content: unknown;
}

/** The conversation of request `index` as the fake server received it, without the system prompt. */
function conversationOf(server: FakeLlmServer, index: number): WireMessage[] {
  const body = server.requests[index]?.body as { messages: WireMessage[] };
  return body.messages.filter((message) => message.role !== 'system');
}

async function useTheme(name: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', name, vscode.ConfigurationTarget.Global);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function narrowTo(width: number): Promise<number> {
  const chatWidth = (): Promise<number> => webview.evaluate<number>('document.documentElement.clientWidth');
  for (let attempt = 0; attempt < 20 && (await chatWidth()) > width; attempt++) {
    await vscode.commands.executeCommand('elbow.focusChat');
    await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
  }
  return chatWidth();
}

/** Whether the steered user message shows after the run's tool card, where it joined the conversation. */
function steeredAfterToolCard(steered: string): Promise<boolean> {
  return webview.evaluate<boolean>(`(() => {
    const items = [...document.querySelectorAll('.item-user, .tool-card')];
    const card = items.findIndex((item) => item.classList.contains('tool-card'));
    const user = items.findIndex((item) => item.classList.contains('item-user') && item.textContent.includes(${JSON.stringify(steered)}));
    return card >= 0 && user > card;
  })()`);
}

/** Typing while a run goes on: Enter queues a message for when it ends, Ctrl+Enter steers it into the run. */
export function steeringTests(server: () => FakeLlmServer): void {
  describe('queued and steering messages', function () {
    this.timeout(120_000);

    before(async () => {
      await openChat();
      await setApiKeyOfCurrentProvider();
    });
    beforeEach(async () => {
      await startNewChat();
      await openChat();
    });
    let requestsBefore = 0;
    let violationsBefore = 0;
    beforeEach(() => {
      requestsBefore = server().requests.length;
      violationsBefore = server().violations.length;
    });
    afterEach(async () => {
      await stopAndSettle(server());
      // What a failed test left queued must not go out after the next test's run.
      while (await webview.evaluate<boolean>(`document.querySelector('.queued-remove') !== null`)) await webview.click('.queued-remove');
    });
    const request = (index: number): WireMessage[] => conversationOf(server(), requestsBefore + index);
    const newViolations = (): string[] => server().violations.slice(violationsBefore);

    it('queues a message typed while a reply streams, shows it above the input, and sends it after the run', async () => {
      server().enqueue({ kind: 'reply', content: [text(longAnswer)], chunkSize: 8, chunkDelayMs: 40 }, { kind: 'reply', content: [text('Answer to the queued one.')] });
      await sendPrompt('Tell me a long story');
      await webview.waitFor('.item-assistant', { text: 'Line 2 of' });
      await sendPrompt('And then summarise it');
      await webview.waitFor('.queued-row .queued-text', { text: 'And then summarise it' });
      assert.equal(server().requests.length, requestsBefore + 1, 'nothing is sent while the run goes on');

      const width = await narrowTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      await page.screenshot('steer-queue-narrow-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('steer-queue-narrow-light');
      await useTheme('Default Dark Modern');

      await webview.waitFor('.item-assistant', { text: 'Answer to the queued one.', timeoutMs: 60_000 });
      await waitUntilIdle();
      await webview.waitFor('#queued-messages', { state: 'hidden' });
      const second = request(1);
      assert.deepEqual(second.map((message) => message.role), ['user', 'assistant', 'user']);
      assert.equal(second[2]?.content, 'And then summarise it');
      assert.deepEqual((await textsOf('.item-user')).map((user) => user.trim()).slice(-2).map((user) => user.startsWith('And then') || user.startsWith('Tell me')), [true, true]);
      assert.deepEqual(newViolations(), []);
    });

    it('keeps queued messages after Stop, unsent, to send now or remove', async () => {
      server().enqueue({ kind: 'reply', content: [text(longAnswer)], chunkSize: 8, chunkDelayMs: 40 });
      await sendPrompt('Another long story');
      await webview.waitFor('.item-assistant', { text: 'Line 2 of' });
      await sendPrompt('Kept for later');
      await webview.waitFor('.queued-text', { text: 'Kept for later' });
      await webview.click('#stop');
      await waitUntilIdle();
      await webview.waitFor('.queued-text', { text: 'Kept for later' });
      assert.equal(server().requests.length, requestsBefore + 1, 'a stopped run sends nothing queued');

      server().enqueue({ kind: 'reply', content: [text('Sent from the queue.')] });
      await webview.click('.queued-row .queued-steer');
      await webview.waitFor('.item-assistant', { text: 'Sent from the queue.' });
      await waitUntilIdle();
      await webview.waitFor('#queued-messages', { state: 'hidden' });
      assert.equal(request(1).at(-1)?.content, 'Kept for later');
    });

    for (const api of ['openai', 'anthropic'] as const) {
      it(`steers a message into the run with Ctrl+Enter: it reaches the next request after the tool results (${api})`, async () => {
        const configuration = vscode.workspace.getConfiguration('elbow');
        if (api === 'anthropic') {
          await configuration.update('provider', 'anthropic', vscode.ConfigurationTarget.Global);
          await configuration.update('baseUrl', server().anthropicBaseUrl, vscode.ConfigurationTarget.Global);
          await setApiKeyOfCurrentProvider();
        }
        try {
          server().enqueue(
            { kind: 'reply', content: [text('Reading the notes first.'), toolCall('read_file', { path: 'notes-for-steering.txt' })], chunkSize: 2, chunkDelayMs: 60 },
            { kind: 'reply', content: [text('Done, with bullet points.')] },
          );
          await sendPrompt('Read the notes');
          await webview.waitFor('.item-assistant', { text: 'Read' });
          await webview.fill('#prompt', 'Use bullet points');
          await webview.press('#prompt', 'Control+Enter');
          await webview.waitFor('.item-assistant', { text: 'Done, with bullet points.', timeoutMs: 60_000 });
          await waitUntilIdle();

          assert.equal(server().requests.length, requestsBefore + 2, 'steering adds no request of its own');
          const next = request(1);
          if (api === 'openai') {
            assert.deepEqual(next.map((message) => message.role), ['user', 'assistant', 'tool', 'user']);
            assert.equal(next[3]?.content, 'Use bullet points');
          } else {
            assert.deepEqual(next.map((message) => message.role), ['user', 'assistant', 'user']);
            const blocks = next[2]?.content as Array<{ type: string; text?: string }>;
            assert.deepEqual(blocks.map((block) => block.type), ['tool_result', 'text']);
            assert.equal(blocks[1]?.text, 'Use bullet points');
          }
          assert.deepEqual(newViolations(), []);
          assert.ok(await steeredAfterToolCard('Use bullet points'), 'the steered message shows where it joined, after the tool call');
        } finally {
          await configuration.update('provider', 'openai', vscode.ConfigurationTarget.Global);
          await configuration.update('baseUrl', server().openaiBaseUrl, vscode.ConfigurationTarget.Global);
        }
      });
    }
  });
}

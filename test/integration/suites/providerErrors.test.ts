import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { loadRecording } from '../../support/replay/recording';
import { startReplayServer, type ReplayProvider, type ReplayServer } from '../../support/replay/replayServer';
import { servedOpenAiReply } from '../../support/replay/servedReply';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { fakeApiKey, lastAssistantText, openChat, sendPrompt, sleep, startNewChat, textsOf, useModelServer, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

/**
 * What the user reads when the provider refuses: recorded error answers replayed through the chat
 * in a 300 px side bar, a used-up quota in the server's words with its reset, and a fallback
 * model taking over from a model the server does not serve.
 */
export function providerErrorTests(fakeServer: () => FakeLlmServer): void {
  describe('provider errors in the chat', function () {
    this.timeout(120_000);
    let replay: ReplayServer | undefined;
    let widthBefore = 0;

    before(async () => {
      await startNewChat();
      await openChat();
      widthBefore = await webview.evaluate<number>('document.documentElement.clientWidth');
      const width = await narrowChatTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
    });

    afterEach(async () => {
      await vscode.commands.executeCommand('elbow.stop');
      await waitUntilIdle();
      await replay?.close();
      replay = undefined;
    });

    after(async () => {
      await vscode.workspace.getConfiguration('elbow').update('fallbackModels', undefined, vscode.ConfigurationTarget.Global);
      await useModelServer(fakeServer());
      for (let attempt = 0; attempt < 20 && (await webview.evaluate<number>('document.documentElement.clientWidth')) < widthBefore; attempt++) {
        await vscode.commands.executeCommand('elbow.focusChat');
        await vscode.commands.executeCommand('workbench.action.increaseViewWidth');
      }
    });

    async function replayAs(provider: ReplayProvider, model: string, ...recordings: string[]): Promise<ReplayServer> {
      replay = await startReplayServer({ provider, apiKey: fakeApiKey });
      replay.play(...recordings);
      const configuration = vscode.workspace.getConfiguration('elbow');
      await configuration.update('provider', 'openai', vscode.ConfigurationTarget.Global);
      await configuration.update('baseUrl', replay.openaiBaseUrl, vscode.ConfigurationTarget.Global);
      await configuration.update('model', model, vscode.ConfigurationTarget.Global);
      await startNewChat();
      await openChat();
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyAndClearToasts();
      return replay;
    }

    async function askAndWait(prompt: string, done: string): Promise<void> {
      await sendPrompt(prompt);
      for (let waited = 0; waited < 60_000; waited += 200) {
        if (await webview.evaluate<boolean>(`document.querySelector(${JSON.stringify(done)}) !== null && document.body.dataset.running !== 'true'`)) return;
        await sleep(200);
      }
      throw new Error(`"${prompt}" did not end with ${done} within a minute.`);
    }

    async function screenshotInBothThemes(name: string): Promise<void> {
      await page.screenshot(`${name}-dark`);
      await useTheme('Default Light Modern');
      await page.screenshot(`${name}-light`);
      await useTheme('Default Dark Modern');
    }

    it("shows OpenRouter's daily limit on free models as the account's quota, with the reset time, after one request", async () => {
      const server = await replayAs('openrouter', 'deepseek/deepseek-chat-v3-0324:free', 'openrouter/error-free-models-per-day.json');
      await askAndWait('Summarise the README', '.item-error');
      const [error] = await textsOf('.item-error');
      assert.match(error ?? '', /quota or credit/);
      assert.match(error ?? '', /free-models-per-day\. Add 10 credits/);
      assert.match(error ?? '', /resets 2026-01-14 00:00 UTC/);
      assert.equal(server.requests.length, 1, 'no retry');
      assert.equal(await webview.evaluate<number>('document.querySelectorAll("#retry-wait:not([hidden])").length'), 0);
      await screenshotInBothThemes('provider-error-quota-300');
    });

    it('hands the conversation to the fallback model when the server does not serve the model, and says so in the chat', async () => {
      await vscode.workspace.getConfiguration('elbow').update('fallbackModels', ['gpt-4.1-mini'], vscode.ConfigurationTarget.Global);
      const server = await replayAs('openai', 'gpt-4o-2024-05-13', 'openai/error-model-not-found.json', 'openai/answer-after-tool.sse');
      await askAndWait('What is the weather like?', '.item-assistant');
      const notices = await textsOf('.item-notice');
      assert.ok(notices.some((notice) => /Switched to gpt-4\.1-mini: gpt-4o-2024-05-13 is not available at this endpoint/.test(notice)), JSON.stringify(notices));
      assert.deepEqual(server.requests.map((request) => (request.body as { model?: string }).model), ['gpt-4o-2024-05-13', 'gpt-4.1-mini']);
      const answer = servedOpenAiReply(loadRecording('openai/answer-after-tool.sse')).content;
      assert.ok((await lastAssistantText()).replace(/\s+/g, ' ').includes(answer.replace(/\s+/g, ' ').slice(0, 40)), await lastAssistantText());
      await screenshotInBothThemes('provider-error-fallback-300');
    });
  });
}

import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { providerProfiles } from '../../support/replay/providerProfiles';
import { loadRecording } from '../../support/replay/recording';
import { startReplayServer, type ReplayProvider, type ReplayServer } from '../../support/replay/replayServer';
import { servedAnthropicReply, servedOpenAiReply } from '../../support/replay/servedReply';
import { fakeApiKey, lastAssistantText, openChat, sendPrompt, sleep, startNewChat, textsOf, useModelServer, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

interface ChatMessage {
  role: string;
  reasoning_content?: unknown;
  reasoning_details?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  content?: unknown;
}

/**
 * The recordings the CLI replays (test/unit/cli/recordings), replayed through the chat: Elbow's
 * settings point at a replay server that serves real traffic byte for byte and refuses what the
 * provider would refuse, and the user types into the chat.
 */
export function recordingTests(fakeServer: () => FakeLlmServer): void {
  describe('recorded provider traffic replayed through the chat', function () {
    this.timeout(120_000);
    let replay: ReplayServer | undefined;
    const server = (): ReplayServer => {
      if (replay === undefined) throw new Error('No replay server is running.');
      return replay;
    };

    before(async () => {
      // Keys are set the way a user sets them: Set API Key, pick the provider, type the key.
      await setApiKey('OpenAI-compatible');
      await setApiKey('Anthropic');
    });

    afterEach(async () => {
      await vscode.commands.executeCommand('elbow.stop');
      await waitUntilIdle();
      await replay?.close();
      replay = undefined;
    });

    after(async () => {
      await useModelServer(fakeServer());
    });

    /** A replay server for `provider`, Elbow's settings pointed at it, and a new chat. */
    async function replayAs(provider: ReplayProvider, model: string, ...recordings: string[]): Promise<ReplayServer> {
      replay = await startReplayServer({ provider, apiKey: fakeApiKey });
      replay.play(...recordings);
      const anthropic = providerProfiles[provider].api === 'anthropic';
      const configuration = vscode.workspace.getConfiguration('elbow');
      await configuration.update('provider', anthropic ? 'anthropic' : 'openai', vscode.ConfigurationTarget.Global);
      await configuration.update('baseUrl', anthropic ? replay.anthropicBaseUrl : replay.openaiBaseUrl, vscode.ConfigurationTarget.Global);
      await configuration.update('model', model, vscode.ConfigurationTarget.Global);
      await configuration.update('models', { [model]: { contextWindow: 128_000, maxOutputTokens: 8_192 } }, vscode.ConfigurationTarget.Global);
      await startNewChat();
      await openChat();
      return replay;
    }

    /** Sends a prompt and waits for the run to end, allowing in the sandbox any command the recording asks to run. */
    async function ask(prompt: string): Promise<void> {
      const count = `({ users: document.querySelectorAll('.item-user').length, answers: document.querySelectorAll('.item-assistant, .item-error').length })`;
      const before = await webview.evaluate<{ users: number; answers: number }>(count);
      await sendPrompt(prompt);
      const pending = '.tool-card[data-approval="pending"] .approval-allow';
      let started = false;
      for (let waited = 0; waited < 60_000; waited += 200) {
        const state = await webview.evaluate<{ users: number; answers: number; running: boolean; approval: boolean }>(
          `({ ...${count}, running: document.body.dataset.running === 'true', approval: document.querySelector(${JSON.stringify(pending)}) !== null })`,
        );
        // The run has begun once the chat shows it running or shows its answer: the user's item alone can come first.
        started ||= state.running || (state.users > before.users && state.answers > before.answers);
        if (state.approval) await webview.click(pending);
        else if (started && !state.running) return;
        await sleep(200);
      }
      throw new Error(`The run for "${prompt}" did not end within a minute.`);
    }

    function secondRequest(): ChatMessage[] {
      return (server().requests[1]?.body as { messages: ChatMessage[] }).messages;
    }

    it('DeepSeek: the tool-call turn’s reasoning_content goes back, so the request after the tool result is accepted', async () => {
      await replayAs('deepseek', 'deepseek-reasoner', 'deepseek/thinking-tool-call.sse', 'deepseek/thinking-answer.sse');
      await ask('What is the weather in San Francisco?');
      assert.deepEqual(server().violations, []);
      assertShown(await lastAssistantText(), servedOpenAiReply(loadRecording('deepseek/thinking-answer.sse')).content);
      const assistant = secondRequest().find((message) => message.role === 'assistant' && Array.isArray(message.tool_calls));
      assert.equal(assistant?.reasoning_content, servedOpenAiReply(loadRecording('deepseek/thinking-tool-call.sse')).reasoningContent);
    });

    it('OpenAI: a recorded call to a tool Elbow does not have is answered with an error result paired to it', async () => {
      await replayAs('openai', 'gpt-4o-mini', 'openai/tool-call.sse', 'openai/answer-after-tool.sse');
      await ask('What is the capital of the UK? Use the tool, then answer.');
      assert.deepEqual(server().violations, []);
      assertShown(await lastAssistantText(), servedOpenAiReply(loadRecording('openai/answer-after-tool.sse')).content);
      const call = secondRequest().find((message) => message.role === 'assistant')?.tool_calls?.[0];
      assert.equal(secondRequest().find((message) => message.role === 'tool')?.tool_call_id, call?.id);
    });

    it('Ollama: two parallel calls run in the workspace and are answered by their ids', async () => {
      await replayAs('ollama', 'qwen2.5-coder:7b-instruct-q8_0', 'ollama/parallel-tool-calls.sse', 'ollama/text-answer.sse');
      await ask('please list files');
      assert.deepEqual(server().violations, []);
      assertShown(await lastAssistantText(), servedOpenAiReply(loadRecording('ollama/text-answer.sse')).content);
      const results = secondRequest().filter((message) => message.role === 'tool');
      assert.deepEqual(results.map((result) => result.tool_call_id), ['call_wteop8bt', 'call_rk2xye1l']);
      for (const result of results) assert.match(String(result.content), /AGENTS\.md/, `the listing of the workspace went back: ${String(result.content)}`);
    });

    it('llama.cpp: a call streamed in fragments runs pwd in the workspace', async () => {
      await replayAs('llamacpp', 'qwen3coder30b', 'llamacpp/tool-call.sse', 'ollama/text-answer.sse');
      await ask('what is the current directory?');
      assert.deepEqual(server().violations, []);
      const call = secondRequest().find((message) => message.role === 'assistant')?.tool_calls?.[0];
      assert.deepEqual(JSON.parse(call?.function.arguments ?? '{}'), { command: 'pwd' });
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
      assert.ok(String(secondRequest().find((message) => message.role === 'tool')?.content).includes(folder));
    });

    it('llama.cpp: a Qwen3-Coder call written as text runs as a tool card, its XML never shown', async () => {
      await replayAs('llamacpp', 'qwen3coder30b', 'llamacpp/qwen-xml-call-as-text.sse', 'ollama/text-answer.sse');
      await ask('what is the current directory?');
      assert.deepEqual(server().violations, []);
      assert.equal(server().requests.length, 2);
      await webview.waitFor('.item-tool .tool-card[data-status="done"]');
      assert.doesNotMatch((await textsOf('.item-assistant')).join('\n'), /<tool_call>|<function=/);
      await page.screenshot('recordings-text-tool-call');
    });

    it('LM Studio: a streamed answer whose every delta repeats the role is shown once', async () => {
      await replayAs('lmstudio', 'llama-3.2-1b-instruct', 'lmstudio/text-answer.sse');
      await ask('Tell me a joke');
      assert.deepEqual(server().violations, []);
      const shown = await lastAssistantText();
      assertShown(shown, servedOpenAiReply(loadRecording('lmstudio/text-answer.sse')).content);
      const letters = shown.toLowerCase().replace(/[^a-z]/g, '');
      assert.equal(letters, 'heresone', `the answer is shown once and alone: ${JSON.stringify(shown)}`);
    });

    it('vLLM: an engine error inside a 200 stream is retried and the retried answer is shown', async () => {
      await replayAs('vllm', 'Qwen/Qwen2.5-7B-Instruct', 'vllm/stream-error.sse', 'ollama/text-answer.sse');
      await ask('hello');
      assert.equal(server().requests.length, 2);
      assertShown(await lastAssistantText(), servedOpenAiReply(loadRecording('ollama/text-answer.sse')).content);
      assert.equal((await textsOf('.item-error')).length, 0, 'no error item');
    });

    it('OpenRouter: comment lines are skipped and reasoning_details go back on the next request', async () => {
      await replayAs('openrouter', 'openai/o3', 'openrouter/reasoning-stream.sse', 'openrouter/reasoning-stream.sse');
      await ask('Who are you');
      assertShown(await lastAssistantText(), servedOpenAiReply(loadRecording('openrouter/reasoning-stream.sse')).content);
      await ask('Are you sure?');
      assert.ok(Array.isArray(secondRequest().find((message) => message.role === 'assistant')?.reasoning_details));
      assert.deepEqual(server().violations, []);
    });

    it('Gemini: the message inside an array-shaped error body is shown', async () => {
      await replayAs('gemini', 'gemini-3-pro-preview', 'gemini/error-missing-thought-signature.json');
      await ask('hello');
      const errors = (await textsOf('.item-error')).join('\n');
      assert.match(errors, /Function call is missing a thought_signature/);
      assert.doesNotMatch(errors, /no body/);
    });

    it('Anthropic: signed and redacted thinking carry a conversation over two turns, sent back as served', async () => {
      await replayAs('anthropic', 'claude-sonnet-4-5', 'anthropic/redacted-thinking.sse', 'anthropic/thinking-text.sse');
      await ask('hello');
      assertShown(await lastAssistantText(), servedAnthropicReply(loadRecording('anthropic/redacted-thinking.sse')).text);
      await ask('How do I cross the street?');
      assertShown(await lastAssistantText(), servedAnthropicReply(loadRecording('anthropic/thinking-text.sse')).text);
      assert.equal(server().requests.length, 2);
      assert.deepEqual(server().violations, []);
    });

    it('Anthropic: a refusal is an error item naming it, not an empty reply', async () => {
      await replayAs('anthropic', 'claude-opus-4-7', 'anthropic/refusal.sse');
      await ask('hello');
      assert.match((await textsOf('.item-error')).join('\n'), /refus/i);
    });

    it('Anthropic: a reply cut by the context window shows a notice, and the model continues after compacting', async () => {
      await replayAs('anthropic', 'claude-sonnet-4-6', 'anthropic/thinking-text.sse', 'anthropic/context-window-exceeded.sse', 'anthropic/thinking-text.sse', 'anthropic/thinking-text.sse');
      await ask('How do I cross the street?');
      await ask('And at night?');
      assert.equal(server().requests.length, 4);
      assert.deepEqual(server().violations, []);
      assert.match((await textsOf('.item-notice')).join('\n'), /cut off: the conversation filled the model's context window/);
      assert.equal((await textsOf('.item-error')).length, 0, 'no error item');
      await narrowChatTo(300);
      await webview.evaluate('document.querySelector(".item-notice")?.scrollIntoView({ block: "center" })');
      await useTheme('Default Light Modern');
      await page.screenshot('recordings-reply-cut-light');
      await useTheme('Default Dark Modern');
      await page.screenshot('recordings-reply-cut-dark');
    });

    it('Anthropic: an overloaded_error after output began shows the partial reply as interrupted, then the retried one', async () => {
      await replayAs('anthropic', 'claude-sonnet-4-0', 'anthropic/overloaded-mid-stream.sse', 'anthropic/thinking-text.sse');
      await ask('How do I cross the street?');
      assert.equal(server().requests.length, 2);
      await webview.waitFor('.item-assistant.interrupted .interrupted-label');
      assertShown(await lastAssistantText(), servedAnthropicReply(loadRecording('anthropic/thinking-text.sse')).text);
      assert.deepEqual(server().violations, []);
    });
  });
}

async function setApiKey(providerLabel: string): Promise<void> {
  const setting = vscode.commands.executeCommand('elbow.setApiKey');
  await page.waitFor('.quick-input-widget', { text: providerLabel });
  await page.type(providerLabel);
  await page.press('Enter');
  await page.waitFor('.quick-input-widget', { text: `API key for ${providerLabel}` });
  await page.type(fakeApiKey);
  await page.press('Enter');
  await page.waitFor('.quick-input-widget', { state: 'hidden' });
  // Storing a key for another provider switches to it: the settings are written after the box closes.
  await setting;
}

/** The rendered markdown shows the recorded text: compared on its letters, which rendering keeps. */
function assertShown(rendered: string, recorded: string): void {
  const letters = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, '');
  const expected = letters(recorded).slice(0, 120);
  assert.ok(expected.length > 0, 'the recording has text');
  assert.ok(letters(rendered).includes(expected), `expected the chat to show ${JSON.stringify(recorded.slice(0, 120))}, it shows ${JSON.stringify(rendered.slice(0, 200))}`);
}

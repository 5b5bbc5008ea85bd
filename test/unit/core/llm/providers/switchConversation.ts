/**
 * Conversations as each provider left them: the recorded tool-call reply of that provider, taken
 * in by Elbow's own provider code, answered by tool results. Streamed recordings go through the
 * real provider class over HTTP from a replay server of that provider; the two that exist only as
 * whole JSON replies (Anthropic's, Gemini's) go through the same assembly by hand.
 */
import assert from 'node:assert/strict';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AssistantMessage, Message, ToolCallBlock } from '../../../../../src/core/llm/messages';
import { presetById } from '../../../../../src/core/llm/presets/providerPresets';
import type { ProviderPreset } from '../../../../../src/core/llm/presets/providerPreset';
import type { Provider } from '../../../../../src/core/llm/provider';
import { AnthropicProvider } from '../../../../../src/core/llm/providers/anthropicProvider';
import { OpenAIProvider } from '../../../../../src/core/llm/providers/openaiProvider';
import { OpenAIStreamAssembler } from '../../../../../src/core/llm/providers/openaiStream';
import { isObject, type JsonObject } from '../../../../support/fakeLlm/json';
import { loadRecording, recordingJson } from '../../../../support/replay/recording';
import type { ReplayServer } from '../../../../support/replay/replayServer';
import { collect, doneMessage } from './streamHelpers';

export type SwitchProvider = 'openai' | 'anthropic' | 'deepseek' | 'gemini' | 'mistral' | 'ollama';
export const switchProviders: readonly SwitchProvider[] = ['openai', 'anthropic', 'deepseek', 'gemini', 'mistral', 'ollama'];

/** The model each provider is asked for, and the recorded tool call it made. */
export const models: Record<SwitchProvider, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-20250514',
  deepseek: 'deepseek-reasoner',
  gemini: 'gemini-2.5-pro-preview-05-06',
  mistral: 'mistral-small-latest',
  ollama: 'qwen2.5-coder:7b',
};
const streamedToolCalls: Partial<Record<SwitchProvider, string>> = {
  openai: 'openai/tool-call.sse',
  deepseek: 'deepseek/thinking-tool-call.sse',
  mistral: 'mistral/tool-call.sse',
  ollama: 'ollama/parallel-tool-calls.sse',
};

export const tools = [{ name: 'weather', description: 'The weather in a place.', inputSchema: { type: 'object', properties: { location: { type: 'string' } } } }];
const ask: Message = { role: 'user', content: [{ type: 'text', text: 'Use the tool, then answer.' }] };
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/** The provider class Elbow builds for `provider` at `server`, with the preset the user picked. */
export function providerAt(provider: SwitchProvider, server: ReplayServer): Provider {
  const preset: ProviderPreset | undefined = presetById(provider);
  if (provider === 'anthropic') return new AnthropicProvider({ apiKey: server.apiKey, baseURL: server.anthropicBaseUrl, preset });
  return new OpenAIProvider({ apiKey: server.apiKey, baseURL: server.openaiBaseUrl, preset });
}

/** The user's question, `provider`'s recorded tool call, and a result for each call (one with an image). */
export async function conversationFrom(provider: SwitchProvider, server: ReplayServer | undefined): Promise<Message[]> {
  const reply = await recordedToolCall(provider, server);
  const calls = reply.content.filter((block): block is ToolCallBlock => block.type === 'tool_call');
  assert.ok(calls.length > 0, `${provider}: the recording has no tool call`);
  const results: Message = {
    role: 'tool',
    results: calls.map((call, i) => ({
      type: 'tool_result',
      toolCallId: call.id,
      toolName: call.name,
      content: i === 0 ? [{ type: 'text', text: 'done' }, { type: 'image', mediaType: 'image/png', data: png }] : [{ type: 'text', text: 'done' }],
      isError: false,
    })),
  };
  return [ask, reply, results];
}

async function recordedToolCall(provider: SwitchProvider, server: ReplayServer | undefined): Promise<AssistantMessage> {
  const streamed = streamedToolCalls[provider];
  if (streamed) {
    assert.ok(server, `${provider}: a replay server is needed`);
    server.play(streamed);
    return doneMessage(await collect(providerAt(provider, server).stream({ model: models[provider], system: '', messages: [ask], tools })));
  }
  return provider === 'gemini' ? geminiToolCall() : anthropicToolCall();
}

/** gemini/tool-call-thought-signature.json, a whole completion, fed to the stream assembler as its one chunk. */
function geminiToolCall(): AssistantMessage {
  const completion = recordingJson(loadRecording('gemini/tool-call-thought-signature.json')) as JsonObject & { choices: JsonObject[] };
  const chunk = { ...completion, object: 'chat.completion.chunk', choices: completion.choices.map(({ message, ...choice }) => ({ ...choice, delta: message })) };
  const assembler = new OpenAIStreamAssembler(models.gemini, 'generativelanguage.googleapis.com');
  Array.from(assembler.push(chunk as unknown as ChatCompletionChunk));
  return doneMessage([...assembler.finish()]);
}

/** anthropic/tool-use-with-thinking.json, a whole Messages reply, as Elbow keeps one: signed thinking, text, the call. */
function anthropicToolCall(): AssistantMessage {
  const reply = recordingJson(loadRecording('anthropic/tool-use-with-thinking.json')) as JsonObject & { content: JsonObject[] };
  const content = reply.content.filter(isObject).map((block): AssistantMessage['content'][number] => {
    if (block.type === 'thinking') return { type: 'thinking', thinking: String(block.thinking), signature: String(block.signature) };
    if (block.type === 'tool_use') return { type: 'tool_call', id: String(block.id), name: String(block.name), arguments: JSON.stringify(block.input) };
    return { type: 'text', text: String(block.text) };
  });
  return { role: 'assistant', content, stopReason: 'tool_use', provider: 'anthropic', origin: 'api.anthropic.com', model: models.anthropic };
}

/** Rendering scripted replies in OpenAI Chat Completions format (SSE chunks or one JSON body). */
import { openaiCompletionId, openaiToolCallId } from './ids';
import { isObject, type JsonObject } from './json';
import { stopReasonOf, usageOf } from './replyDefaults';
import { fragments, SseWriter, writeFlushed, type ReplyTarget } from './stream';
import type { ThinkingMemory } from './thinkingMemory';
import type { ScriptedBlock, ScriptedResponse, ScriptedStopReason, ScriptedUsage } from './types';

type Reply = Extract<ScriptedResponse, { kind: 'reply' }>;

const finishReasons: Record<ScriptedStopReason, string> = { end_turn: 'stop', tool_use: 'tool_calls', max_tokens: 'length', refusal: 'content_filter' };

/** Tool calls get their ids once, so the streamed and JSON forms agree. */
type Block = Exclude<ScriptedBlock, { type: 'tool_call' }> | { type: 'tool_call'; name: string; arguments: string; id: string };

function withIds(content: ScriptedBlock[]): Block[] {
  return content.map((block) => (block.type === 'tool_call' ? { ...block, id: block.id ?? openaiToolCallId() } : block));
}

export async function openaiReply(target: ReplyTarget, reply: Reply, memory: ThinkingMemory): Promise<void> {
  const content = withIds(reply.content);
  memory.rememberReasoning(
    content.flatMap((block) => (block.type === 'thinking' ? [block.thinking] : [])).join(''),
    content.flatMap((block) => (block.type === 'tool_call' ? [block.id] : [])),
  );
  const finishReason = finishReasons[stopReasonOf(reply.content, reply.stopReason)];
  const usage = usageOf(target.prompt, reply.content, reply.usage);
  if (target.body.stream !== true) {
    target.response.writeHead(200, { 'content-type': 'application/json', ...target.headers });
    target.response.end(JSON.stringify(completion(target.model, content, finishReason, usage)));
    return;
  }
  const writer = new SseWriter(target.response, target.headers);
  writer.pace(reply.chunkDelayMs);
  const chunks = new ChunkFactory(target.model, includeUsage(target.body));
  for (const delta of deltas(content, reply.chunkSize)) await writer.data(chunks.choice(delta, null));
  await writer.data(chunks.choice({}, finishReason));
  if (includeUsage(target.body)) await writer.data(chunks.usage(usage));
  await writer.data('[DONE]');
  writer.end();
}

export async function openaiDrop(target: ReplyTarget, partial: ScriptedBlock[]): Promise<void> {
  const content = withIds(partial);
  if (target.body.stream !== true) {
    const json = JSON.stringify(completion(target.model, content, 'stop', usageOf(target.prompt, partial)));
    target.response.writeHead(200, { 'content-type': 'application/json', ...target.headers });
    await writeFlushed(target.response, json.slice(0, Math.floor(json.length / 2)));
    target.response.socket?.destroy();
    return;
  }
  const writer = new SseWriter(target.response, target.headers);
  const chunks = new ChunkFactory(target.model, includeUsage(target.body));
  for (const delta of deltas(content)) await writer.data(chunks.choice(delta, null));
  writer.destroy();
}

/** A failure after the reply began comes as a chunk holding the API's error object, and the stream ends. */
export async function openaiStreamError(target: ReplyTarget, partial: ScriptedBlock[], errorBody: string): Promise<void> {
  const writer = new SseWriter(target.response, target.headers);
  const chunks = new ChunkFactory(target.model, includeUsage(target.body));
  for (const delta of deltas(withIds(partial))) await writer.data(chunks.choice(delta, null));
  await writer.data(errorBody);
  writer.end();
}

export async function openaiHang(target: ReplyTarget): Promise<void> {
  if (target.body.stream === true) {
    await new SseWriter(target.response, target.headers).untilClosed();
    return;
  }
  target.response.writeHead(200, { 'content-type': 'application/json', ...target.headers });
  target.response.flushHeaders();
  await new Promise((resolve) => target.response.once('close', resolve));
}

function includeUsage(body: JsonObject): boolean {
  return isObject(body.stream_options) && body.stream_options.include_usage === true;
}

function* deltas(content: Block[], chunkSize?: number): Generator<JsonObject> {
  yield { role: 'assistant', content: content[0]?.type === 'text' ? '' : null, refusal: null };
  let toolIndex = 0;
  for (const block of content) {
    if (block.type === 'text') {
      for (const part of fragments(block.text, chunkSize)) yield { content: part };
    } else if (block.type === 'thinking') {
      for (const part of fragments(block.thinking, chunkSize)) yield { reasoning_content: part };
    } else {
      const index = toolIndex++;
      yield { tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] };
      for (const part of fragments(block.arguments, chunkSize)) yield { tool_calls: [{ index, function: { arguments: part } }] };
    }
  }
}

class ChunkFactory {
  private readonly id = openaiCompletionId();
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(private readonly model: string, private readonly withUsage: boolean) {}

  choice(delta: JsonObject, finishReason: string | null): JsonObject {
    const chunk = this.base([{ index: 0, delta, logprobs: null, finish_reason: finishReason }]);
    return this.withUsage ? { ...chunk, usage: null } : chunk;
  }

  usage(usage: Required<ScriptedUsage>): JsonObject {
    return { ...this.base([]), usage: usageBody(usage) };
  }

  private base(choices: JsonObject[]): JsonObject {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, system_fingerprint: 'fp_fake', choices };
  }
}

function completion(model: string, content: Block[], finishReason: string, usage: Required<ScriptedUsage>): JsonObject {
  const text = content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const reasoning = content.flatMap((b) => (b.type === 'thinking' ? [b.thinking] : [])).join('');
  const toolCalls = content.flatMap((b) =>
    b.type === 'tool_call' ? [{ id: b.id, type: 'function', function: { name: b.name, arguments: b.arguments } }] : [],
  );
  const message: JsonObject = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text, refusal: null };
  if (reasoning !== '') message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return {
    id: openaiCompletionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: usageBody(usage),
  };
}

function usageBody(usage: Required<ScriptedUsage>): JsonObject {
  const prompt = usage.input + usage.cacheRead;
  return {
    prompt_tokens: prompt,
    completion_tokens: usage.output,
    total_tokens: prompt + usage.output,
    prompt_tokens_details: { cached_tokens: usage.cacheRead },
  };
}

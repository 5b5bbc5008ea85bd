/** Rendering scripted replies in Anthropic Messages format (SSE events or one JSON body). */
import { anthropicMessageId, anthropicToolUseId, thinkingSignature } from './ids';
import type { JsonObject } from './json';
import { stopReasonOf, usageOf } from './replyDefaults';
import { fragments, SseWriter, writeFlushed, type ReplyTarget } from './stream';
import type { ThinkingMemory } from './thinkingMemory';
import type { ScriptedBlock, ScriptedResponse, ScriptedUsage } from './types';

type Reply = Extract<ScriptedResponse, { kind: 'reply' }>;

/** A scripted block with the ids and signatures the server hands out filled in. */
type Block =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; arguments: string };

function resolveBlocks(content: ScriptedBlock[]): Block[] {
  return content.map((block): Block => {
    switch (block.type) {
      case 'text': return block;
      case 'thinking': return { ...block, signature: block.signature ?? thinkingSignature() };
      case 'tool_call': return { type: 'tool_use', id: block.id ?? anthropicToolUseId(), name: block.name, arguments: block.arguments };
    }
  });
}

export async function anthropicReply(target: ReplyTarget, reply: Reply, memory: ThinkingMemory): Promise<void> {
  const blocks = resolveBlocks(reply.content);
  memory.remember(
    blocks.flatMap((b) => (b.type === 'thinking' ? [b] : [])),
    blocks.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])),
  );
  const stopReason = stopReasonOf(reply.content, reply.stopReason);
  const usage = usageOf(target.prompt, reply.content, reply.usage);
  if (target.body.stream !== true) {
    target.response.writeHead(200, { 'content-type': 'application/json', ...target.headers });
    target.response.end(JSON.stringify({ ...messageShell(target.model, usage), content: blocks.map(finalBlock), stop_reason: stopReason, usage: usageBody(usage, usage.output) }));
    return;
  }
  const writer = new SseWriter(target.response, target.headers);
  writer.pace(reply.chunkDelayMs);
  await writer.event('message_start', { type: 'message_start', message: messageShell(target.model, usage) });
  await streamBlocks(writer, blocks, reply.chunkSize, true);
  await writer.event('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output } });
  await writer.event('message_stop', { type: 'message_stop' });
  writer.end();
}

export async function anthropicDrop(target: ReplyTarget, partial: ScriptedBlock[]): Promise<void> {
  const blocks = resolveBlocks(partial);
  const usage = usageOf(target.prompt, partial);
  if (target.body.stream !== true) {
    const json = JSON.stringify({ ...messageShell(target.model, usage), content: blocks.map(finalBlock) });
    target.response.writeHead(200, { 'content-type': 'application/json', ...target.headers });
    await writeFlushed(target.response, json.slice(0, Math.floor(json.length / 2)));
    target.response.socket?.destroy();
    return;
  }
  const writer = new SseWriter(target.response, target.headers);
  await writer.event('message_start', { type: 'message_start', message: messageShell(target.model, usage) });
  await streamBlocks(writer, blocks, undefined, false);
  writer.destroy();
}

/**
 * "During periods of high usage, you may receive an `overloaded_error`, which would normally
 * correspond to an HTTP 529 in a non-streaming context" (docs.anthropic.com, Streaming Messages,
 * "Error events"): `event: error` with the error body, after which the stream ends.
 */
export async function anthropicStreamError(target: ReplyTarget, partial: ScriptedBlock[], errorBody: string): Promise<void> {
  const writer = new SseWriter(target.response, target.headers);
  await writer.event('message_start', { type: 'message_start', message: messageShell(target.model, usageOf(target.prompt, partial)) });
  await streamBlocks(writer, resolveBlocks(partial), undefined, false);
  await writer.event('error', JSON.parse(errorBody) as object);
  writer.end();
}

export async function anthropicHang(target: ReplyTarget): Promise<void> {
  if (target.body.stream !== true) {
    target.response.writeHead(200, { 'content-type': 'application/json', ...target.headers });
    target.response.flushHeaders();
    await new Promise((resolve) => target.response.once('close', resolve));
    return;
  }
  const writer = new SseWriter(target.response, target.headers);
  await writer.event('message_start', { type: 'message_start', message: messageShell(target.model, usageOf(target.prompt, [])) });
  await writer.untilClosed();
}

/** `complete` false leaves the last block open, as a stream cut mid-block would. */
async function streamBlocks(writer: SseWriter, blocks: Block[], chunkSize: number | undefined, complete: boolean): Promise<void> {
  if (blocks.length === 0) await writer.event('ping', { type: 'ping' });
  for (const [index, block] of blocks.entries()) {
    await writer.event('content_block_start', { type: 'content_block_start', index, content_block: startBlock(block) });
    if (index === 0) await writer.event('ping', { type: 'ping' });
    for (const delta of blockDeltas(block, chunkSize)) {
      await writer.event('content_block_delta', { type: 'content_block_delta', index, delta });
    }
    if (complete || index < blocks.length - 1) await writer.event('content_block_stop', { type: 'content_block_stop', index });
  }
}

function startBlock(block: Block): JsonObject {
  switch (block.type) {
    case 'text': return { type: 'text', text: '' };
    case 'thinking': return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use': return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
}

function* blockDeltas(block: Block, chunkSize?: number): Generator<JsonObject> {
  switch (block.type) {
    case 'text':
      for (const text of fragments(block.text, chunkSize)) yield { type: 'text_delta', text };
      return;
    case 'thinking':
      for (const thinking of fragments(block.thinking, chunkSize)) yield { type: 'thinking_delta', thinking };
      yield { type: 'signature_delta', signature: block.signature };
      return;
    case 'tool_use':
      // The real API opens every tool input with an empty fragment.
      yield { type: 'input_json_delta', partial_json: '' };
      for (const partial_json of fragments(block.arguments, chunkSize)) yield { type: 'input_json_delta', partial_json };
      return;
  }
}

/** A block as it appears in a complete (non-streamed) message. */
function finalBlock(block: Block): JsonObject {
  if (block.type !== 'tool_use') return { ...block };
  return { type: 'tool_use', id: block.id, name: block.name, input: parseInput(block.arguments) };
}

/** Non-streamed replies need an input object; scripted malformed JSON becomes `{}`. */
function parseInput(args: string): unknown {
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function messageShell(model: string, usage: Required<ScriptedUsage>): JsonObject {
  return {
    id: anthropicMessageId(),
    type: 'message',
    role: 'assistant',
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    // The real API reports a token or so of output up front; the final count comes in message_delta.
    usage: usageBody(usage, 1),
  };
}

function usageBody(usage: Required<ScriptedUsage>, output: number): JsonObject {
  return {
    input_tokens: usage.input,
    cache_creation_input_tokens: usage.cacheWrite,
    cache_read_input_tokens: usage.cacheRead,
    output_tokens: output,
  };
}

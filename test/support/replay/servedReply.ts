/** What a served recording handed to the client, read back from its bytes (SSE or one JSON document). */
import { isObject, type JsonObject } from '../fakeLlm/json';
import { recordingText, type Recording } from './recording';

/** The JSON payloads of a recording: each SSE `data:` frame (comments and `[DONE]` skipped), or the whole body. */
export function payloads(recording: Recording): JsonObject[] {
  const text = recordingText(recording);
  if (!recording.contentType.startsWith('text/event-stream')) {
    const whole = JSON.parse(text) as unknown;
    return isObject(whole) ? [whole] : [];
  }
  const found: JsonObject[] = [];
  for (const frame of text.split(/\r?\n\r?\n/)) {
    const data = frame.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, '')).join('\n');
    if (data === '' || data === '[DONE]') continue;
    const parsed = JSON.parse(data) as unknown;
    if (isObject(parsed)) found.push(parsed);
  }
  return found;
}

export interface ServedOpenAiReply {
  content: string;
  /** DeepSeek's (and other servers') `reasoning_content`, concatenated. */
  reasoningContent: string;
  toolCallIds: string[];
  /** Every `reasoning_details` item, in the order received. */
  reasoningDetails: JsonObject[];
}

export function servedOpenAiReply(recording: Recording): ServedOpenAiReply {
  const reply: ServedOpenAiReply = { content: '', reasoningContent: '', toolCallIds: [], reasoningDetails: [] };
  for (const payload of payloads(recording)) {
    const choice = Array.isArray(payload.choices) ? payload.choices.find(isObject) : undefined;
    const part = choice && (isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : undefined);
    if (!part) continue;
    if (typeof part.content === 'string') reply.content += part.content;
    if (typeof part.reasoning_content === 'string') reply.reasoningContent += part.reasoning_content;
    if (Array.isArray(part.reasoning_details)) reply.reasoningDetails.push(...part.reasoning_details.filter(isObject));
    for (const call of Array.isArray(part.tool_calls) ? part.tool_calls.filter(isObject) : []) {
      if (typeof call.id === 'string' && call.id !== '') reply.toolCallIds.push(call.id);
    }
  }
  return reply;
}

export interface ServedAnthropicReply {
  /** The text blocks, joined. */
  text: string;
  thinking: Array<{ thinking: string; signature: string }>;
  redacted: string[];
  toolUseIds: string[];
}

/** The content blocks of a Messages stream (assembled from its events) or of a Messages JSON body. */
export function servedAnthropicReply(recording: Recording): ServedAnthropicReply {
  const blocks: JsonObject[] = [];
  for (const payload of payloads(recording)) {
    if (payload.type === 'message' && Array.isArray(payload.content)) blocks.push(...payload.content.filter(isObject));
    if (payload.type === 'content_block_start' && isObject(payload.content_block) && typeof payload.index === 'number') {
      blocks[payload.index] = { ...payload.content_block };
    }
    if (payload.type === 'content_block_delta' && isObject(payload.delta) && typeof payload.index === 'number') {
      applyDelta(blocks[payload.index], payload.delta);
    }
  }
  return {
    text: blocks.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join(''),
    thinking: blocks.flatMap((b) => (b.type === 'thinking' ? [{ thinking: String(b.thinking ?? ''), signature: String(b.signature ?? '') }] : [])),
    redacted: blocks.flatMap((b) => (b.type === 'redacted_thinking' && typeof b.data === 'string' ? [b.data] : [])),
    toolUseIds: blocks.flatMap((b) => (b.type === 'tool_use' && typeof b.id === 'string' ? [b.id] : [])),
  };
}

function applyDelta(block: JsonObject | undefined, delta: JsonObject): void {
  if (!block) return;
  if (delta.type === 'text_delta') block.text = String(block.text ?? '') + String(delta.text ?? '');
  if (delta.type === 'thinking_delta') block.thinking = String(block.thinking ?? '') + String(delta.thinking ?? '');
  if (delta.type === 'signature_delta') block.signature = String(block.signature ?? '') + String(delta.signature ?? '');
}

import { randomUUID } from 'node:crypto';
import type { AssistantMessage, ToolCallBlock } from '../messages';
import type { ProviderEvent, ToolSpec } from '../provider';
import { trailingToolCalls, type TextToolCall, type TrailingToolCalls } from './trailingToolCalls';

/** What may open a tool call written as text; from the first of them on, text is held back. */
const markers = ['<tool_call>', '<function='];
const longestMarker = Math.max(...markers.map((marker) => marker.length));

/**
 * A provider's events with tool calls written at the end of the reply's text turned into real
 * ones. Text streams on until something that may open a call appears; from there it is held
 * back, and at the end it becomes tool calls when the reply ends in well-formed calls to offered
 * tools (`trailingToolCalls`), or is released as text exactly as received.
 */
export async function* recoverTextToolCalls(events: AsyncIterable<ProviderEvent>, tools: readonly ToolSpec[]): AsyncGenerator<ProviderEvent> {
  // Deltas are kept as a list and joined once: searching a string grown by `+=` copies it each time.
  const received: string[] = [];
  /** The received text not passed on yet, while nothing is held: at most a delta and a marker's length. */
  let pending = '';
  /** How much of the text has been passed on. */
  let shown = 0;
  let holding = false;
  for await (const event of events) {
    if (event.type === 'text_delta') {
      received.push(event.text);
      if (holding) continue;
      pending += event.text;
      const hold = holdPoint(pending);
      if (hold.at > 0) yield { type: 'text_delta', text: pending.slice(0, hold.at) };
      shown += hold.at;
      pending = pending.slice(hold.at);
      holding = hold.marker;
      continue;
    }
    if (event.type !== 'done') {
      yield event;
      continue;
    }
    const text = received.join('');
    const found = event.message.stopReason === 'end_turn' && shown < text.length ? callsOrNone(text, tools) : undefined;
    if (found === undefined) {
      if (shown < text.length) yield { type: 'text_delta', text: text.slice(shown) };
      yield event;
      continue;
    }
    if (found.start > shown) yield { type: 'text_delta', text: text.slice(shown, found.start) };
    const blocks = found.calls.map(toolCallBlock);
    for (const block of blocks) yield { type: 'tool_call_start', id: block.id, name: block.name };
    yield { type: 'done', message: withCalls(event.message, text.slice(0, found.start).trimEnd(), blocks) };
  }
}

/** The trailing calls; none when reading them fails unexpectedly, so the text is released as it came instead of ending the stream. */
function callsOrNone(text: string, tools: readonly ToolSpec[]): TrailingToolCalls | undefined {
  try {
    return trailingToolCalls(text, tools);
  } catch {
    return undefined;
  }
}

/**
 * Where to stop passing `text` on: at the first marker (`marker`), or at a tail that may be the
 * start of one (`<tool_c` at the end of a delta), else at its end.
 */
function holdPoint(text: string): { at: number; marker: boolean } {
  const found = markers.map((marker) => text.indexOf(marker)).filter((at) => at >= 0);
  if (found.length > 0) return { at: Math.min(...found), marker: true };
  for (let at = Math.max(0, text.length - longestMarker + 1); at < text.length; at++) {
    const tail = text.slice(at);
    if (markers.some((marker) => marker.startsWith(tail))) return { at, marker: false };
  }
  return { at: text.length, marker: false };
}

function toolCallBlock(call: TextToolCall): ToolCallBlock {
  return { type: 'tool_call', id: `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`, name: call.name, arguments: call.arguments };
}

/** The reply with its text cut to the prose before the calls, and the calls after it. */
function withCalls(message: AssistantMessage, prose: string, calls: ToolCallBlock[]): AssistantMessage {
  const content: AssistantMessage['content'] = message.content.filter((block) => block.type === 'thinking');
  if (prose !== '') content.push({ type: 'text', text: prose });
  content.push(...message.content.filter((block) => block.type === 'tool_call'), ...calls);
  return { ...message, content, stopReason: 'tool_use' };
}

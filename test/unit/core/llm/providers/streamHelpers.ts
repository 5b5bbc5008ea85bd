import assert from 'node:assert/strict';
import type { AssistantMessage } from '../../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../../src/core/llm/provider';
import type { ProviderError } from '../../../../../src/core/llm/providerError';
import { settlesWithin } from '../../../../support/settlesWithin';

export async function collect(stream: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The `done` message, after checking it is the one and only final event. */
export function doneMessage(events: ProviderEvent[]): AssistantMessage {
  const last = events.at(-1);
  assert.equal(last?.type, 'done', `expected done, got ${JSON.stringify(last)}`);
  assert.equal(events.filter((event) => event.type === 'done' || event.type === 'error').length, 1);
  return last.message;
}

/** The `error`, after checking it is the one and only final event. */
export function errorOf(events: ProviderEvent[]): ProviderError {
  const last = events.at(-1);
  assert.equal(last?.type, 'error', `expected error, got ${JSON.stringify(last)}`);
  assert.equal(events.filter((event) => event.type === 'done' || event.type === 'error').length, 1);
  return last.error;
}

export function textDeltas(events: ProviderEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'text_delta' ? [event.text] : []));
}

export function thinkingDeltas(events: ProviderEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'thinking_delta' ? [event.text] : []));
}

/** The calls the stream announced as they began, tool name by id, after checking each began once and before `done`. */
export function toolCallEvents(events: ProviderEvent[]): Map<string, string> {
  const calls = new Map<string, string>();
  const end = events.findIndex((event) => event.type === 'done' || event.type === 'error');
  events.forEach((event, index) => {
    if (event.type !== 'tool_call_start') return;
    assert.ok(!calls.has(event.id), `tool_call_start twice for ${event.id}`);
    assert.ok(end < 0 || index < end, `tool_call_start after the final event for ${event.id}`);
    calls.set(event.id, event.name);
  });
  return calls;
}

/** A `fetch` answering every request with this SSE body, for stream shapes the fake server does not produce. */
export function sseFetch(body: string): typeof fetch {
  return async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** Resolves once `condition` holds, polling every 5 ms. */
export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A `fetch` that answers 200 and then sends nothing, ignoring the abort signal as some fetch implementations do. */
export function silentFetch(): typeof fetch {
  return async () => new Response(new ReadableStream({ start: () => undefined }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** The events of a stream aborted after `afterMs`; fails, saying so, when the abort does not end it (a bound for a hang, not a speed). */
export async function collectAborted(stream: (signal: AbortSignal) => AsyncIterable<ProviderEvent>, afterMs = 50): Promise<ProviderEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), afterMs);
  const collecting = collect(stream(controller.signal));
  try {
    assert.ok(await settlesWithin(collecting, afterMs + 5_000), 'the stream went on after the abort');
  } finally {
    clearTimeout(timer);
  }
  return collecting;
}

const newline = 0x0a;

/**
 * `fetch` whose event streams always end with the blank line that closes their last event. A
 * server that closes the connection right after the last `data:` line (Anthropic's own SDK test
 * recording of a refusal ends so) would otherwise lose that event: the SDKs' decoders, following
 * the SSE rule, drop an event not closed by a blank line, and the reply looks cut off.
 */
export function completeFinalEvent(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await (inner ?? globalThis.fetch)(input, init);
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
    return new Response(response.body.pipeThrough(closingBlankLine()), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function closingBlankLine(): TransformStream<Uint8Array, Uint8Array> {
  let last: number[] = [];
  return new TransformStream({
    transform(chunk, controller) {
      if (chunk.length > 0) last = [...last, ...chunk.subarray(Math.max(0, chunk.length - 2))].slice(-2);
      controller.enqueue(chunk);
    },
    flush(controller) {
      if (last.length === 0) return;
      const missing = last[1] === newline ? (last[0] === newline ? 0 : 1) : 2;
      if (missing > 0) controller.enqueue(new Uint8Array(missing).fill(newline));
    },
  });
}

import { ProviderError } from '../providerError';

/** How long a streaming reply may send nothing at all before it counts as stalled. */
export const defaultStallTimeoutMs = 120_000;

/**
 * A fetch whose successful response bodies fail with a retryable `stream_broken` error once no
 * bytes arrive for `stallTimeoutMs` (0: never). The SDKs' `timeout` only covers the wait for the
 * response headers, so a server that stops sending mid-reply would otherwise hold the run forever.
 * Keep-alives count as data (Anthropic's `ping` events, the SSE comments OpenRouter sends), so a
 * model that thinks for long on a live stream is not cut off.
 */
export function fetchWithStallTimeout(stallTimeoutMs: number, baseFetch?: typeof fetch): typeof fetch | undefined {
  if (!(stallTimeoutMs > 0)) return baseFetch;
  return async (input, init) => {
    const response = await (baseFetch ?? fetch)(input, init);
    if (!response.ok || response.body === null) return response;
    const { status, statusText, headers } = response;
    return new Response(watchedBody(response.body, stallTimeoutMs), { status, statusText, headers });
  };
}

function watchedBody(body: ReadableStream<Uint8Array>, stallTimeoutMs: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(stallError(stallTimeoutMs)), stallTimeoutMs);
      });
      try {
        const next = await Promise.race([reader.read(), stalled]);
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        // Closes the connection the server went quiet on.
        reader.cancel(error).catch(() => undefined);
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function stallError(stallTimeoutMs: number): ProviderError {
  const seconds = Math.round(stallTimeoutMs / 100) / 10;
  return new ProviderError('stream_broken', `The reply stalled: the API sent nothing for ${seconds} s.`);
}

import { ProviderError } from '../providerError';

/**
 * Settles as `promise` does, or rejects with an `aborted` ProviderError the moment `signal`
 * fires. The SDKs abort their fetch on the same signal, but how fast a stalled body read
 * notices differs by runtime; this keeps cancellation prompt whatever the server does.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ProviderError('aborted', 'Request cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
    if (signal.aborted) onAbort();
  });
}

/** Iterates `source`, stopping with an `aborted` ProviderError as soon as `signal` fires. */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Not awaited: a generator stuck in a read only returns once that read settles.
    if (!finished) iterator.return?.().catch(() => undefined);
  }
}

/**
 * A signal for one request that follows `signal`. The SDKs add an abort listener to the signal
 * they are given and never remove it; given the run's own signal, a long run would pile up one
 * per request. `release` drops the link once the request is over.
 */
export function requestSignal(signal: AbortSignal | undefined): { signal: AbortSignal | undefined; release: () => void } {
  if (!signal) return { signal, release: () => undefined };
  const controller = new AbortController();
  const forward = (): void => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, release: () => signal.removeEventListener('abort', forward) };
}

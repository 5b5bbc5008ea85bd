import type { AssistantMessage } from '../llm/messages';
import type { ChatRequest, Provider, ProviderEvent } from '../llm/provider';
import { ProviderError } from '../llm/providerError';
import { durationText } from '../llm/waitText';
import { abortableDelay } from './abortableDelay';
import type { AgentEvent } from './agentEvents';
import { retryDelayMs, retryLimit, type RetryPolicy } from './retryPolicy';

/** What a request reports: the agent's events, except that a call the model begins is only named (the loop describes it). */
export type RequestEvent =
  | Extract<AgentEvent, { type: 'text_delta' | 'thinking_delta' | 'usage' | 'reply_discarded' | 'retry' }>
  | Extract<ProviderEvent, { type: 'tool_call_start' }>;

interface Attempt {
  result: AssistantMessage | ProviderError;
  /** Text, thinking or a tool call already reached the user. */
  outputStarted: boolean;
}

/**
 * Sends one model request, streaming its output to `emit`. A transient failure is retried per
 * `policy`, each wait announced as a `retry` event. That holds after output began too: no tool
 * runs from a reply that broke off, so the partial reply is dropped (announced first as
 * `reply_discarded`, for hosts to mark or erase what they showed) and the next attempt starts afresh.
 */
export async function requestWithRetry(
  provider: Provider,
  request: ChatRequest,
  policy: RetryPolicy,
  emit: (event: RequestEvent) => void,
  random: () => number = Math.random,
): Promise<AssistantMessage | ProviderError> {
  for (let attempt = 1; ; attempt++) {
    const { result, outputStarted } = await streamOnce(provider, request, emit);
    if (!(result instanceof ProviderError) || request.signal?.aborted) return result;
    const delayMs = retryDelayMs(policy, attempt, result, random);
    if (delayMs === undefined) return waitTooLong(policy, result) ?? result;
    if (outputStarted) emit({ type: 'reply_discarded', reason: result.message });
    emit({ type: 'retry', attempt, maxAttempts: retryLimit(policy, result), delayMs, reason: result.message });
    await abortableDelay(delayMs, request.signal);
    if (request.signal?.aborted) return new ProviderError('aborted', 'Cancelled while waiting to retry.');
  }
}

/** A server asking to wait longer than the policy allows: the failure, saying how long it asked for and that Elbow did not wait. */
function waitTooLong(policy: RetryPolicy, error: ProviderError): ProviderError | undefined {
  if (!error.retryable || error.retryAfterMs === undefined || error.retryAfterMs <= policy.maxRetryAfterMs) return undefined;
  const asked = `The server asks to wait ${durationText(error.retryAfterMs)} before the next request; Elbow waits at most ${durationText(policy.maxRetryAfterMs)}, so it did not retry.`;
  return new ProviderError(error.kind, `${error.message} ${asked}`, { status: error.status, retryAfterMs: error.retryAfterMs, resetAt: error.resetAt, cause: error });
}

async function streamOnce(provider: Provider, request: ChatRequest, emit: (event: RequestEvent) => void): Promise<Attempt> {
  let outputStarted = false;
  try {
    for await (const event of provider.stream(request)) {
      switch (event.type) {
        case 'text_delta':
        case 'thinking_delta':
        case 'tool_call_start':
          outputStarted = true;
          emit(event);
          break;
        case 'usage':
          emit(event);
          break;
        case 'done':
          return { result: event.message, outputStarted };
        case 'error':
          return { result: event.error, outputStarted };
      }
    }
  } catch (error) {
    // Providers report failures as events; this only guards the loop against a broken one.
    const message = error instanceof Error ? error.message : String(error);
    return { result: new ProviderError(request.signal?.aborted ? 'aborted' : 'unknown', message, { cause: error }), outputStarted };
  }
  return { result: new ProviderError(outputStarted ? 'stream_broken' : 'network', 'The response ended without completing.'), outputStarted };
}

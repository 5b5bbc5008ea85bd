import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type * as OpenAISdk from 'openai';
import { kindForStatus, ProviderError, type ProviderErrorKind } from '../providerError';
import { resetText } from '../waitText';
import { contentFilterRefusal } from './contentFilter';
import { readableErrorMessage } from './errorBody';
import { readLimit, type LimitReading } from './limitReading';
import { limitResetWait, retryAfterFrom } from './retryAfter';
import { boundedServerWords } from './serverWords';
import { isRecord } from '../jsonRecord';

export interface ErrorContext {
  /** The request's signal: once it fired, every failure is a cancellation. */
  signal?: AbortSignal;
  /** Whether any text, thinking or tool call had been streamed before the failure. */
  outputStarted: boolean;
  /** The API base URL, named when it cannot be reached. */
  endpoint?: string;
  /** The error classes to recognise: those of the SDK that made the request (the other one may not be loaded). */
  sdks: readonly SdkErrorClasses[];
}

/** The error classes both SDKs have. */
export interface SdkErrorClasses {
  APIError: typeof OpenAISdk.APIError | typeof AnthropicSdk.APIError;
  APIUserAbortError: typeof OpenAISdk.APIUserAbortError | typeof AnthropicSdk.APIUserAbortError;
  APIConnectionError: typeof OpenAISdk.APIConnectionError | typeof AnthropicSdk.APIConnectionError;
}

type SdkApiError = OpenAISdk.APIError | AnthropicSdk.APIError;

/** Maps anything thrown by either SDK, fetch or the stream to one `ProviderError`. */
export function classifyError(error: unknown, context: ErrorContext): ProviderError {
  if (context.signal?.aborted || isAbort(error, context.sdks)) return new ProviderError('aborted', 'Request cancelled', { cause: error });
  const own = ownError(error);
  if (own !== undefined) return own;
  if (isConnectionError(error, context.sdks)) return brokenOrNetwork(error, context);
  if (isApiError(error, context.sdks)) {
    return error.status === undefined ? fromStreamedError(error, context) : fromStatus(error, error.status);
  }
  return brokenOrNetwork(error, context);
}

/** Elbow's own error, also where an SDK wrapped it (a fetch that threw becomes the cause of a connection error). */
function ownError(error: unknown): ProviderError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof ProviderError) return current;
    current = current.cause;
  }
  return undefined;
}

function isAbort(error: unknown, sdks: readonly SdkErrorClasses[]): boolean {
  if (sdks.some((sdk) => error instanceof sdk.APIUserAbortError)) return true;
  return error instanceof Error && error.name === 'AbortError';
}

function isConnectionError(error: unknown, sdks: readonly SdkErrorClasses[]): error is Error {
  return sdks.some((sdk) => error instanceof sdk.APIConnectionError);
}

function isApiError(error: unknown, sdks: readonly SdkErrorClasses[]): error is SdkApiError {
  return sdks.some((sdk) => error instanceof sdk.APIError);
}

function brokenOrNetwork(error: unknown, context: ErrorContext): ProviderError {
  const detail = describe(error);
  if (context.outputStarted) {
    return new ProviderError('stream_broken', `The connection broke while the reply was streaming: ${detail}`, { cause: error });
  }
  const where = context.endpoint ? ` at ${context.endpoint}` : '';
  return new ProviderError('network', `Could not reach the API${where}: ${detail}`, { cause: error });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

function fromStatus(error: SdkApiError, status: number): ProviderError {
  const message = serverMessage(error);
  const limit = readLimit(status, error.error, message);
  if (limit?.kind === 'quota') return quotaError(limit, `${status}`, message, status, error);
  const filter = contentFilterRefusal(error.error);
  if (filter !== undefined) return new ProviderError('refusal', `Stopped by ${filter} (${status}): ${message}`, { status, cause: error });
  const kind = status === 400 && isContextOverflow(error, message) ? 'context_overflow' : kindForStatus(status);
  const stated = retryAfterFrom(error.headers) ?? (kind === 'rate_limit' ? limitResetWait(error.headers) : undefined);
  const retryAfterMs = stated ?? limit?.retryAfterMs;
  return new ProviderError(kind, `${headline(kind)} (${status}): ${message}`, { status, retryAfterMs, cause: error });
}

/** The account's quota or billing: the server's words, then when it resets, or where to look. */
function quotaError(limit: LimitReading, where: string, message: string, status: number | undefined, cause: unknown): ProviderError {
  const words = /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
  const reset = limit.resetAt === undefined ? '' : ` It resets ${resetText(limit.resetAt)}.`;
  const note = limit.note === undefined ? '' : ` ${limit.note}`;
  const advice = limit.resetAt === undefined
    ? ' Not retried: check the plan, credit and billing of the account with the provider.'
    : limit.resetAt > Date.now() ? ' Not retried before then.' : ' Not retried.';
  return new ProviderError('quota', `${headline('quota')} (${where}): ${words}${reset}${note}${advice}`, { status, resetAt: limit.resetAt, cause });
}

/**
 * An error reported inside a stream that had already answered 200 (e.g. Anthropic
 * `overloaded_error`). A status in the error says more than its type string: vLLM sends
 * `{"type": "InternalServerError", "code": 500}`, OpenRouter `{"code": 502}`.
 */
function fromStreamedError(error: SdkApiError, context: ErrorContext): ProviderError {
  const status = streamedStatus(error);
  const limit = readLimit(status, error.error, serverMessage(error));
  if (limit?.kind === 'quota') return quotaError(limit, status === undefined ? 'in the stream' : `${status}, in the stream`, serverMessage(error), status, error);
  const kind = (status === undefined ? kindForErrorType(error.type ?? codeOf(error)) : kindForStatus(status)) ?? (context.outputStarted ? 'stream_broken' : 'unknown');
  const where = status === undefined ? 'in the stream' : `${status}, in the stream`;
  return new ProviderError(kind, `${headline(kind)} (${where}): ${serverMessage(error)}`, { cause: error });
}

const errorTypeKinds: Record<string, ProviderErrorKind> = {
  overloaded_error: 'overloaded',
  rate_limit_error: 'rate_limit',
  api_error: 'server',
  server_error: 'server',
  timeout_error: 'server',
  authentication_error: 'auth',
  permission_error: 'auth',
  invalid_request_error: 'bad_request',
};

function kindForErrorType(type: unknown): ProviderErrorKind | undefined {
  return typeof type === 'string' ? errorTypeKinds[type] : undefined;
}

function codeOf(error: SdkApiError): unknown {
  return isRecord(error.error) ? error.error['code'] : undefined;
}

/** An HTTP status named in a streamed error's `code` or `status`, as a number or a numeric string. */
function streamedStatus(error: SdkApiError): number | undefined {
  const body = error.error;
  if (!isRecord(body)) return undefined;
  for (const value of [body['code'], body['status']]) {
    const status = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) return status;
  }
  return undefined;
}

const headlines: Record<ProviderErrorKind, string> = {
  rate_limit: 'Rate limited by the API',
  quota: "The account's quota or credit at the provider is used up",
  overloaded: 'The API is overloaded',
  server: 'The API had a server error',
  network: 'Could not reach the API',
  stream_broken: 'The reply stream broke',
  auth: 'The API refused the credentials',
  bad_request: 'The API rejected the request',
  context_overflow: "The conversation is longer than the model's context window",
  aborted: 'Request cancelled',
  refusal: 'The model refused to answer',
  unknown: 'The API failed',
};

function headline(kind: ProviderErrorKind): string {
  return headlines[kind];
}

/** The server's own words, in whichever shape its body has (see errorBody.ts), at most a few paragraphs. */
function serverMessage(error: SdkApiError): string {
  return boundedServerWords(readableErrorMessage(error.error) ?? error.message, error.status);
}

// Anthropic words a prompt that fits only without its output budget as "input length and `max_tokens` exceed context limit".
const contextOverflowPattern = /context length|context window|context limit|context_length_exceeded|prompt is too long|maximum context length|too many tokens/i;

function isContextOverflow(error: SdkApiError, message: string): boolean {
  const code = isRecord(error.error) ? error.error['code'] : undefined;
  return code === 'context_length_exceeded' || contextOverflowPattern.test(message);
}

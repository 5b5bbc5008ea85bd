/** Error statuses and bodies exactly as each API sends them. */
import type { FakeLlmApi } from './types';

/** A request the real API would refuse; thrown by the validators, answered as an error. */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly param: string | null = null,
    /** OpenAI's `code`; left undefined, it is derived from the status as the real API would. */
    readonly code?: string | null,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function errorResponse(api: FakeLlmApi, error: ProtocolError, retryAfterSeconds?: number): ErrorResponse {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  const body = api === 'openai' ? openaiErrorBody(error) : anthropicErrorBody(error);
  return { status: error.status, headers, body: JSON.stringify(body) };
}

function openaiErrorBody(error: ProtocolError): object {
  return { error: { message: error.message, type: openaiErrorType(error.status), param: error.param, code: error.code === undefined ? openaiErrorCode(error) : error.code } };
}

function openaiErrorType(status: number): string {
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function openaiErrorCode(error: ProtocolError): string | null {
  if (error.status === 401) return 'invalid_api_key';
  if (error.status === 429) return 'rate_limit_exceeded';
  if (error.status === 400 && /context length/i.test(error.message)) return 'context_length_exceeded';
  return null;
}

function anthropicErrorBody(error: ProtocolError): object {
  return { type: 'error', error: { type: anthropicErrorType(error.status), message: error.message } };
}

function anthropicErrorType(status: number): string {
  switch (status) {
    case 401: return 'authentication_error';
    case 403: return 'permission_error';
    case 404: return 'not_found_error';
    case 413: return 'request_too_large';
    case 429: return 'rate_limit_error';
    case 529: return 'overloaded_error';
    default: return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** The message a scripted error carries when the script gives none. */
export function defaultErrorMessage(api: FakeLlmApi, status: number): string {
  switch (status) {
    case 400: return 'Invalid request.';
    case 401: return api === 'openai' ? 'Incorrect API key provided.' : 'invalid x-api-key';
    case 403: return 'Your API key does not have permission to use the specified resource.';
    case 404: return 'The requested resource could not be found.';
    case 429: return api === 'openai' ? 'Rate limit reached for requests. Please try again later.' : 'Number of request tokens has exceeded your per-minute rate limit.';
    case 503: return api === 'openai' ? 'The engine is currently overloaded, please try again later.' : 'Service unavailable.';
    case 529: return 'Overloaded';
    default: return status >= 500 ? 'Internal server error' : `HTTP ${status}`;
  }
}

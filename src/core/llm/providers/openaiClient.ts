import OpenAI from 'openai';
import type { APIError } from 'openai';
import { normalizedErrorBody } from './errorBody';

/**
 * The OpenAI client, reading error bodies in the shapes OpenAI-compatible servers send. The SDK
 * reads only `{"error": {...}}`; Gemini answers `[{"error": {...}}]`, Mistral `{"object": "error",
 * "message": …}`, which the SDK would report as "422 status code (no body)", hiding the server's message.
 */
export class OpenAIClient extends OpenAI {
  protected override makeStatusError(status: number, error: object, message: string | undefined, headers: Headers): APIError {
    return super.makeStatusError(status, normalizedErrorBody(error), message, headers);
  }
}

import { AzureOpenAI } from 'openai';
import type { APIError } from 'openai';
import { errorBodyOf } from './errorBody';

/** The SDK's Azure client (`api-key` header, `/deployments/<model>`, `api-version` query), reading error bodies as `OpenAIClient` does. */
export class AzureClient extends AzureOpenAI {
  protected override makeStatusError(status: number, error: object, message: string | undefined, headers: Headers): APIError {
    return super.makeStatusError(status, errorBodyOf(error), message, headers);
  }
}

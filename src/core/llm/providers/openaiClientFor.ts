import type OpenAI from 'openai';
import { officialEndpoints } from '../presets/officialEndpoints';
import type { ProviderPreset } from '../presets/providerPreset';
import { requestPreset } from '../presets/requestPreset';
import { azureTarget } from './azureTarget';
import { splitBaseUrl } from './baseUrlQuery';
import type { AzureClient } from './azureClient';
import type { OpenAIClient } from './openaiClient';

/** How a client reaches its server; the credentials are the key, or for Azure an Entra ID token source. */
export interface ClientTarget {
  apiKey: string;
  baseURL?: string;
  preset?: ProviderPreset;
  /** Azure's `api-version` when the base URL carries none. */
  azureApiVersion?: string;
  /** Microsoft Entra ID tokens, asked for before each request (Azure only); the key is then not sent. */
  azureTokenProvider?: () => Promise<string>;
  timeoutMs?: number;
  fetch: typeof fetch;
}

interface Classes {
  OpenAIClient: typeof OpenAIClient;
  AzureClient: typeof AzureClient;
}

/**
 * The OpenAI SDK client for `target`: Azure's client for Azure OpenAI (key in `api-key`, or an Entra
 * ID token as Bearer), the plain one for every other server. A query in any base URL becomes the
 * client's default query. A preset's own endpoint is always passed, so `OPENAI_BASE_URL` in the
 * environment never redirects another provider's key.
 */
export function openaiClientFor(classes: Classes, target: ClientTarget): OpenAI {
  // Retries are the agent loop's decision, made with the classified error.
  const baseURL = target.baseURL ?? target.preset?.baseUrl ?? officialEndpoints.openai;
  // The organization and project OPENAI_ORG_ID / OPENAI_PROJECT_ID name are for OpenAI's own service alone.
  const ownAccount = requestPreset('openai', baseURL, target.preset).id === 'openai' ? {} : { organization: null, project: null };
  // The SDK's own log would print a server's raw words (a stream line it cannot read) on the user's
  // terminal; every failure reaches Elbow as an error instead.
  const common = { maxRetries: 0, timeout: target.timeoutMs, fetch: target.fetch, logLevel: 'off' as const, ...ownAccount };
  if (target.preset?.keyHeader === 'api-key' && baseURL !== undefined) {
    const azure = azureTarget(baseURL, target.azureApiVersion ?? target.preset.apiVersion?.default ?? '');
    const tokens = target.azureTokenProvider;
    if (azure.form === 'v1') {
      return tokens
        ? new classes.OpenAIClient({ ...common, baseURL: azure.baseURL, defaultQuery: azure.query, apiKey: tokens })
        : new classes.OpenAIClient({ ...common, baseURL: azure.baseURL, defaultQuery: azure.query, apiKey: target.apiKey, defaultHeaders: { 'api-key': target.apiKey, authorization: null } });
    }
    // An empty apiKey keeps the SDK from reading AZURE_OPENAI_API_KEY next to a token provider.
    return new classes.AzureClient({
      ...common, baseURL: azure.baseURL, apiVersion: azure.apiVersion, defaultQuery: azure.query,
      ...(tokens ? { azureADTokenProvider: tokens, apiKey: '' } : { apiKey: target.apiKey }),
    });
  }
  const split = splitBaseUrl(baseURL);
  return new classes.OpenAIClient({ ...common, apiKey: target.apiKey, baseURL: split.baseURL, defaultQuery: split.query });
}

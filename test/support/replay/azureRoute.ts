/**
 * Azure OpenAI's front door, as recorded in public issue threads: requests go to
 * `/openai/deployments/<deployment>/chat/completions?api-version=…` (or the versionless
 * `/openai/v1/chat/completions`), the key in the `api-key` header.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { jsonAnswer, type ServiceAnswer } from './rules/requestRule';
import type { RouteDecision } from './providerProfiles';

/** A deployment path without `?api-version=`: 404 (MicrosoftDocs/azure-docs#114602), body as pasted in stulzq/azure-openai-proxy#52. */
const missingApiVersion = jsonAnswer(404, { error: { code: '404', message: 'Resource not found' } });

/** A key sent as `Authorization: Bearer` is read as an Entra ID token (Azure-Samples/azure-search-openai-demo#458). */
const bearerRefused = jsonAnswer(401, { statusCode: 401, message: 'Unauthorized. Access token is missing, invalid, audience is incorrect (https://cognitiveservices.azure.com), or have expired.' });

/** A missing or wrong `api-key` (microsoft/semantic-kernel#10337). */
const keyRefused = jsonAnswer(401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.' } });

export function azureRoute(method: string | undefined, url: URL, headers: IncomingHttpHeaders, apiKey: string): RouteDecision {
  const deployment = /^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(url.pathname);
  const v1 = url.pathname === '/openai/v1/chat/completions';
  if (method !== 'POST' || (!deployment && !v1)) return undefined;
  if (deployment && !url.searchParams.get('api-version')) return refused('a deployment request without ?api-version=', missingApiVersion);
  const key = headers['api-key'];
  if (key === apiKey) return { api: 'openai' };
  if (key === undefined && /^Bearer\s/i.test(headers.authorization ?? '')) return refused('the key sent as Bearer, not api-key', bearerRefused);
  return refused('no valid api-key header', keyRefused);
}

function refused(reason: string, answer: ServiceAnswer): RouteDecision {
  return { refusal: answer, reason };
}

import { endpointHost } from './endpointHost';

/**
 * The hosts Azure OpenAI is served from in Microsoft's public cloud: an Entra ID token for
 * `cognitiveservices.azure.com` opens every Azure AI resource the user may reach, so it goes to no
 * other host, whatever the base URL says.
 * Source: https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference (endpoint formats).
 */
const azureOpenAiDomains = ['openai.azure.com', 'cognitiveservices.azure.com', 'services.ai.azure.com'];

/** Why an Entra ID token may not go to `baseUrl`, or `undefined` when it may. */
export function entraTokenHostProblem(baseUrl: string | undefined): string | undefined {
  const host = endpointHost(baseUrl);
  if (host !== undefined && azureOpenAiDomains.some((domain) => host.endsWith(`.${domain}`)) && baseUrl?.trim().startsWith('https://')) return undefined;
  return `Microsoft Entra ID tokens go only to an https Azure OpenAI endpoint (https://<resource>.openai.azure.com, .cognitiveservices.azure.com or .services.ai.azure.com), not to ${host ?? 'this endpoint'}. Set elbow.azure.authentication to apiKey for another server.`;
}

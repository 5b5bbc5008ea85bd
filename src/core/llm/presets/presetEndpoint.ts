import { endpointHost } from './endpointHost';
import type { ProviderPreset } from './providerPreset';
import { providerPresets } from './providerPresets';

/** The endpoint a preset's requests (and its key) go to, or why none may be used. */
export type PresetEndpoint = { ok: true; baseUrl: string | undefined } | { ok: false; problem: string };

/** Presets whose key the user means for any server they name: the generic ones. */
const anyServer = new Set(['openai', 'openai-compatible']);

/**
 * The user's base URL, else the preset's. A preset without an endpoint of its own (Azure, another
 * OpenAI-compatible server) needs the user's. A key is for its own provider: a base URL on a host
 * another preset names (the Mistral preset pointed at api.deepseek.com) is refused rather than
 * handing one provider's key to another.
 */
export function presetEndpoint(preset: ProviderPreset, userBaseUrl: string | undefined): PresetEndpoint {
  const baseUrl = userBaseUrl === undefined || userBaseUrl.trim() === '' ? preset.baseUrl : userBaseUrl.trim();
  if (baseUrl === undefined) {
    return preset.baseUrlExample === undefined
      ? { ok: true, baseUrl }
      : { ok: false, problem: `${preset.label} needs an endpoint (base URL), e.g. ${preset.baseUrlExample}.` };
  }
  const host = endpointHost(baseUrl);
  if (host === undefined) return { ok: false, problem: `The endpoint "${baseUrl}" is not an http:// or https:// URL without a user name or password.` };
  if (anyServer.has(preset.id) || preset.hosts.includes(host)) return { ok: true, baseUrl };
  const owner = providerPresets.find((other) => other.id !== preset.id && other.hosts.includes(host));
  return owner === undefined
    ? { ok: true, baseUrl }
    : { ok: false, problem: `The endpoint ${host} is ${owner.label}'s, but the provider is ${preset.label}: Elbow does not send the ${preset.label} key there. Choose ${owner.label} as the provider, or change the base URL.` };
}

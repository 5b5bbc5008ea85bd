import { endpointHost } from './endpointHost';
import type { ProviderPreset } from './providerPreset';
import { presetById, providerPresets } from './providerPresets';

/**
 * The preset whose request rules apply to requests sent to `baseURL`: the one that names the
 * endpoint's host, else the one the user picked. A user who reaches Mistral through the generic
 * OpenAI-compatible preset still gets Mistral's rules; the rules follow the server, not the label.
 * `openai` with another server's base URL is how OpenAI-compatible servers were always reached:
 * that server gets the generic rules, not OpenAI's (a vLLM server's own 45-character call ids go
 * back to it unchanged).
 */
export function presetForEndpoint(baseURL: string | undefined, chosen: ProviderPreset): ProviderPreset {
  const host = endpointHost(baseURL);
  if (host === undefined) return chosen;
  const owner = providerPresets.find((preset) => preset.wire === chosen.wire && preset.hosts.includes(host));
  if (owner !== undefined) return owner;
  return chosen.id === 'openai' ? (presetById('openai-compatible') ?? chosen) : chosen;
}

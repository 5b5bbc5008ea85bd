import type { ProviderPreset } from './providerPreset';
import { providerPresets } from './providerPresets';

/**
 * The preset whose request rules apply to requests sent to `baseURL`: the one that names the
 * endpoint's host, else the one the user picked. A user who reaches Mistral through the generic
 * OpenAI-compatible preset still gets Mistral's rules; the rules follow the server, not the label.
 */
export function presetForEndpoint(baseURL: string | undefined, chosen: ProviderPreset): ProviderPreset {
  const host = hostOf(baseURL);
  if (host === undefined) return chosen;
  return providerPresets.find((preset) => preset.wire === chosen.wire && preset.hosts.includes(host)) ?? chosen;
}

function hostOf(baseURL: string | undefined): string | undefined {
  if (!baseURL) return undefined;
  try {
    return new URL(baseURL).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

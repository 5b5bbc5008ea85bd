import { presetForEndpoint } from './presetForEndpoint';
import type { ProviderPreset, WireApi } from './providerPreset';
import { presetById } from './providerPresets';

/** Without a pick, a wire API's own rules: Anthropic's, or those of any OpenAI-compatible server. */
const unpicked: Record<WireApi, string> = { openai: 'openai-compatible', anthropic: 'anthropic' };

/** The rules requests to `baseURL` follow: the endpoint's preset, else the picked one, else the wire API's. */
export function requestPreset(wire: WireApi, baseURL: string | undefined, picked: ProviderPreset | undefined): ProviderPreset {
  const chosen = picked ?? presetById(unpicked[wire]);
  if (!chosen) throw new Error(`No preset ${unpicked[wire]}`);
  return presetForEndpoint(baseURL, chosen);
}

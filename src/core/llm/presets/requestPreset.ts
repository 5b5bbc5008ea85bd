import { endpointHost } from './endpointHost';
import type { ProviderPreset, WireApi } from './providerPreset';
import { presetById, providerPresets } from './providerPresets';

/** Without a pick, a wire API's own rules: Anthropic's, or those of any OpenAI-compatible server. */
const unpicked: Record<WireApi, string> = { openai: 'openai-compatible', anthropic: 'anthropic' };

/**
 * The preset whose rules requests to `baseURL` follow: the one that names the endpoint's host,
 * else the one the user picked, else the wire API's. A user who reaches Mistral through the
 * generic OpenAI-compatible preset still gets Mistral's rules; the rules follow the server, not
 * the label. `openai` with another server's base URL is how OpenAI-compatible servers were always
 * reached: that server gets the generic rules, not OpenAI's (a vLLM server's own 45-character call
 * ids go back to it unchanged).
 */
export function requestPreset(wire: WireApi, baseURL: string | undefined, picked: ProviderPreset | undefined): ProviderPreset {
  const chosen = picked ?? presetById(unpicked[wire]);
  if (!chosen) throw new Error(`No preset ${unpicked[wire]}`);
  const host = endpointHost(baseURL);
  if (host === undefined) return chosen;
  const owner = providerPresets.find((preset) => preset.wire === chosen.wire && preset.hosts.includes(host));
  if (owner !== undefined) return owner;
  return chosen.id === 'openai' ? (presetById('openai-compatible') ?? chosen) : chosen;
}

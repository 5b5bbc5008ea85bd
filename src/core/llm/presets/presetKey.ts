import type { ProviderPreset } from './providerPreset';

/** What local servers and other keyless OpenAI-compatible servers get as the key: the SDK refuses to send none. */
export const placeholderKey = 'no-key';

/** The key to send: the given one, else the placeholder where the preset needs none; `undefined` when a key is missing. */
export function keyToSend(preset: ProviderPreset, key: string | undefined): string | undefined {
  const given = key?.trim();
  if (given !== undefined && given !== '') return given;
  return preset.keyRequired ? undefined : placeholderKey;
}

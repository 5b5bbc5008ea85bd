import type { ProviderPreset } from './providerPreset';

/**
 * Why `model` cannot be sent to the preset's server, or `undefined`. Azure puts the model (its
 * deployment) into the request path unescaped, and the model is a setting a workspace may set: only
 * a deployment name as Azure allows them (letters, digits, `-`, `_`, `.`) is sent.
 */
export function modelNameProblem(preset: ProviderPreset, model: string): string | undefined {
  if (preset.keyHeader !== 'api-key' || /^[A-Za-z0-9][\w.-]*$/.test(model)) return undefined;
  return `"${model}" is not an Azure OpenAI deployment name (letters, digits, "-", "_" and ".").`;
}

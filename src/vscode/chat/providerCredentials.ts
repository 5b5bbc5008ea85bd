import type * as vscode from 'vscode';
import type { AgentSettings } from '../../core/agent/agentSettings';
import { keyToSend } from '../../core/llm/presets/presetKey';
import { presetById } from '../../core/llm/presets/providerPresets';
import type { ApiKeys } from '../apiKeys';
import { entraTokenProvider } from '../azureEntraToken';

/** What a session signs its requests with. */
export interface ProviderCredentials {
  apiKey: string;
  azureTokenProvider?: () => Promise<string>;
}

/**
 * The chosen preset's own key (or the placeholder a keyless server gets), or for Azure with Entra ID
 * chosen a token source; `undefined` when the preset needs a key and none is stored or in the environment.
 */
export async function providerCredentials(
  settings: AgentSettings,
  keys: ApiKeys,
  azure: { authentication: 'apiKey' | 'entraId'; signIn: Pick<typeof vscode.authentication, 'getSession'> },
): Promise<ProviderCredentials | undefined> {
  const preset = presetById(settings.provider);
  if (preset === undefined) return undefined;
  if (preset.keyHeader === 'api-key' && azure.authentication === 'entraId') {
    return { apiKey: '', azureTokenProvider: entraTokenProvider(azure.signIn) };
  }
  const apiKey = keyToSend(preset, await keys.get(preset.id));
  return apiKey === undefined ? undefined : { apiKey };
}

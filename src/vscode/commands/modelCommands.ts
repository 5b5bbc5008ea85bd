import * as vscode from 'vscode';
import { presetEndpoint } from '../../core/llm/presets/presetEndpoint';
import type { ProviderPreset } from '../../core/llm/presets/providerPreset';
import { ApiKeys } from '../apiKeys';
import { chosenPreset, endpointSetting, readAgentSettings, settingTarget } from '../settings';
import { askAzureChoices } from './azureChoices';
import { pickServerModel, typeModelName } from './pickServerModel';
import { pickPreset, shownEndpoint } from './providerPicker';
import { showInformation } from '../notifications';

/** "Elbow: Set API Key": stores a key for one provider in SecretStorage, never in settings. */
export async function setApiKey(keys: ApiKeys): Promise<void> {
  const picked = await pickPreset('Elbow: Set API Key', keys);
  if (picked === undefined) return;
  const { preset, label } = picked;
  const variable = ApiKeys.environmentVariable(preset.id);
  const key = await vscode.window.showInputBox({
    title: `Elbow: API key for ${label}`,
    prompt: `Stored in VS Code's secret storage, sent only to ${label}.${variable === undefined ? '' : ` Without one, Elbow uses $${variable}.`}`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter the key, or press Escape to cancel.' : undefined),
  });
  if (key === undefined || key.trim() === '') return;
  await keys.set(preset.id, key);
  if (preset.id === chosenPreset().id) {
    void showInformation(`Elbow: key saved for ${label}.`);
  } else if (presetEndpoint(preset, undefined).ok) {
    // The endpoint set for the provider left behind is not this key's: the preset's own replaces it.
    await updateSetting('baseUrl', '');
    await updateSetting('provider', preset.id);
    void showInformation(`Elbow: key saved; now using ${preset.label}.`);
  } else {
    void showInformation(`Elbow: key saved for ${preset.label}. Run "Elbow: Change Provider and Model" to give its endpoint and use it.`);
  }
}

/**
 * "Elbow: Change Provider and Model": provider, endpoint and model (for Azure the deployment, the
 * api-version and the sign-in), written to settings. An OpenAI-compatible server's models are
 * listed to pick from, or typed.
 */
export async function changeModel(keys: ApiKeys): Promise<void> {
  const settings = readAgentSettings();
  const preset = (await pickPreset('Elbow: Change Provider and Model', keys))?.preset;
  if (preset === undefined) return;
  const samePreset = preset.id === settings.provider;
  const baseUrl = await askEndpoint(preset, samePreset ? endpointSetting() : '');
  if (baseUrl === undefined) return;
  const current = samePreset ? settings.model : (preset.defaultModel ?? '');
  const azure = preset.keyHeader === 'api-key';
  const model = azure
    ? await typeModelName('The deployment name, as in the Azure portal (Deployments).', current, 'Elbow: Azure OpenAI deployment')
    : preset.wire === 'openai'
      ? await pickServerModel(baseUrl === '' ? (preset.baseUrl ?? '') : baseUrl, current, await keys.get(preset.id))
      : await typeModelName('e.g. claude-sonnet-4-6, claude-opus-4-7', current, `Elbow: model for ${preset.label}`);
  if (model === undefined || model === '') return;
  const azureChoices = azure ? await askAzureChoices(preset) : undefined;
  if (azure && azureChoices === undefined) return;
  await updateSetting('provider', preset.id);
  await updateSetting('model', model);
  await updateSetting('baseUrl', baseUrl);
  if (azureChoices !== undefined) {
    await updateSetting('azure.apiVersion', azureChoices.apiVersion);
    await updateSetting('azure.authentication', azureChoices.authentication);
  }
}

/**
 * The endpoint box, filled with the current endpoint, else the preset's own, else its example with
 * the part to replace selected. An empty answer, or the preset's own endpoint, is stored as `''`
 * (the preset's). `undefined` when the user cancels.
 */
async function askEndpoint(preset: ProviderPreset, current: string): Promise<string | undefined> {
  const value = current !== '' ? current : (preset.baseUrl ?? preset.baseUrlExample ?? '');
  const placeholder = /<[^>]+>/.exec(value);
  const own = preset.baseUrl === undefined ? 'your server\'s URL' : `empty or ${preset.baseUrl} for ${preset.label}'s own endpoint`;
  const answer = await vscode.window.showInputBox({
    title: `Elbow: endpoint (base URL) for ${preset.label}`,
    prompt: preset.keyHeader === 'api-key'
      ? 'Your resource endpoint, e.g. https://<resource>.openai.azure.com (or …/openai/v1); a ?api-version= in it is kept.'
      : `The server the key is sent to: ${preset.baseUrl === undefined && preset.baseUrlExample === undefined ? `empty for ${shownEndpoint(preset)}` : own}.`,
    value,
    valueSelection: placeholder === null ? undefined : [placeholder.index, placeholder.index + placeholder[0].length],
    ignoreFocusOut: true,
    validateInput: (typed) => endpointProblem(preset, typed.trim()),
  });
  if (answer === undefined) return undefined;
  const trimmed = answer.trim();
  return trimmed === preset.baseUrl ? '' : trimmed;
}

function endpointProblem(preset: ProviderPreset, typed: string): string | undefined {
  if (typed !== '' && (!/^https?:\/\/\S+$/.test(typed) || /[<>]/.test(typed))) return 'Enter an http:// or https:// URL.';
  const endpoint = presetEndpoint(preset, typed);
  return endpoint.ok ? undefined : endpoint.problem;
}

async function updateSetting(key: string, value: string): Promise<void> {
  await vscode.workspace.getConfiguration('elbow').update(key, value, settingTarget(key));
}

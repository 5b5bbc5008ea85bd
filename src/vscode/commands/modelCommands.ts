import * as vscode from 'vscode';
import { defaultModels, type ProviderName } from '../../core/llm/providers/createProvider';
import { ApiKeys } from '../apiKeys';
import { providerLabels, readAgentSettings, settingTarget } from '../settings';
import { pickServerModel, typeModelName } from './pickServerModel';
import { showInformation } from '../notifications';

interface ProviderItem extends vscode.QuickPickItem {
  provider: ProviderName;
}

/** Asks which provider, the current one first; `undefined` when the user cancels. */
async function pickProvider(title: string, keys: ApiKeys): Promise<ProviderName | undefined> {
  const current = readAgentSettings().provider;
  const order: ProviderName[] = current === 'openai' ? ['openai', 'anthropic'] : ['anthropic', 'openai'];
  const items: ProviderItem[] = await Promise.all(order.map(async (provider) => ({
    provider,
    label: providerLabels[provider],
    description: [provider === current ? 'current' : '', (await keys.get(provider)) !== undefined ? 'key set' : 'no key'].filter(Boolean).join(' · '),
    detail: provider === 'openai' ? 'OpenAI, DeepSeek, OpenRouter, Ollama, LM Studio, vLLM, llama.cpp…' : 'Claude models through the Anthropic Messages API',
  })));
  return (await vscode.window.showQuickPick(items, { title, placeHolder: 'Provider', ignoreFocusOut: true }))?.provider;
}

/** "Elbow: Set API Key": stores a key in SecretStorage, never in settings. */
export async function setApiKey(keys: ApiKeys): Promise<void> {
  const provider = await pickProvider('Elbow: Set API Key', keys);
  if (provider === undefined) return;
  const key = await vscode.window.showInputBox({
    title: `Elbow: API key for ${providerLabels[provider]}`,
    prompt: `Stored in VS Code's secret storage. Without one, Elbow uses $${ApiKeys.environmentVariable(provider)}.`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter the key, or press Escape to cancel.' : undefined),
  });
  if (key === undefined || key.trim() === '') return;
  await keys.set(provider, key);
  if (provider !== readAgentSettings().provider) {
    await vscode.workspace.getConfiguration('elbow').update('provider', provider, settingTarget('provider'));
    void showInformation(`Elbow: key saved; now using ${providerLabels[provider]}.`);
  } else {
    void showInformation(`Elbow: key saved for ${providerLabels[provider]}.`);
  }
}

/**
 * "Elbow: Change Provider and Model": provider, endpoint and model, written to settings. For an
 * OpenAI-compatible endpoint the model is picked from the server's list, or typed.
 */
export async function changeModel(keys: ApiKeys): Promise<void> {
  const settings = readAgentSettings();
  const provider = await pickProvider('Elbow: Change Provider and Model', keys);
  if (provider === undefined) return;
  const sameProvider = provider === settings.provider;
  const baseUrl = await vscode.window.showInputBox({
    title: 'Elbow: endpoint (base URL)',
    prompt: 'Leave empty for the official endpoint; e.g. https://api.deepseek.com/v1 or http://localhost:11434/v1 for Ollama.',
    value: sameProvider ? (settings.baseUrl ?? '') : '',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' || /^https?:\/\/\S+$/.test(value.trim()) ? undefined : 'Enter an http:// or https:// URL, or leave it empty.'),
  });
  if (baseUrl === undefined) return;
  const current = sameProvider ? settings.model : defaultModels[provider];
  const model = provider === 'openai'
    ? await pickServerModel(baseUrl.trim(), current, await keys.get(provider))
    : await typeModelName('e.g. claude-sonnet-4-6, claude-opus-4-7', current, `Elbow: model for ${providerLabels[provider]}`);
  if (model === undefined || model === '') return;
  await vscode.workspace.getConfiguration('elbow').update('provider', provider, settingTarget('provider'));
  await vscode.workspace.getConfiguration('elbow').update('model', model, settingTarget('model'));
  await vscode.workspace.getConfiguration('elbow').update('baseUrl', baseUrl.trim(), settingTarget('baseUrl'));
}

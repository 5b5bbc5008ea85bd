import * as vscode from 'vscode';
import { defaultModels, type ProviderName } from '../../core/llm/providers/createProvider';
import { ApiKeys } from '../apiKeys';
import { providerLabels, readSettings, settingTarget } from '../settings';

interface ProviderItem extends vscode.QuickPickItem {
  provider: ProviderName;
}

/** Asks which provider, the current one first; `undefined` when the user cancels. */
async function pickProvider(title: string, keys: ApiKeys): Promise<ProviderName | undefined> {
  const current = readSettings().provider;
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
  if (provider !== readSettings().provider) {
    await vscode.workspace.getConfiguration('elbow').update('provider', provider, settingTarget('provider'));
    void vscode.window.showInformationMessage(`Elbow: key saved; now using ${providerLabels[provider]}.`);
  } else {
    void vscode.window.showInformationMessage(`Elbow: key saved for ${providerLabels[provider]}.`);
  }
}

/** "Elbow: Change Provider and Model": provider, model and endpoint, written to settings. */
export async function changeModel(keys: ApiKeys): Promise<void> {
  const settings = readSettings();
  const provider = await pickProvider('Elbow: Change Provider and Model', keys);
  if (provider === undefined) return;
  const model = await vscode.window.showInputBox({
    title: `Elbow: model for ${providerLabels[provider]}`,
    prompt: 'e.g. gpt-4.1, deepseek-chat, claude-sonnet-4-6, qwen2.5-coder:14b',
    value: provider === settings.provider ? settings.model : defaultModels[provider],
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter a model name.' : undefined),
  });
  if (model === undefined) return;
  const baseUrl = await vscode.window.showInputBox({
    title: 'Elbow: endpoint (base URL)',
    prompt: 'Leave empty for the official endpoint; e.g. https://api.deepseek.com/v1 or http://localhost:11434/v1 for Ollama.',
    value: provider === settings.provider ? (settings.baseUrl ?? '') : '',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' || /^https?:\/\/\S+$/.test(value.trim()) ? undefined : 'Enter an http:// or https:// URL, or leave it empty.'),
  });
  if (baseUrl === undefined) return;
  const configuration = vscode.workspace.getConfiguration('elbow');
  await configuration.update('provider', provider, settingTarget('provider'));
  await configuration.update('model', model.trim(), settingTarget('model'));
  await configuration.update('baseUrl', baseUrl.trim(), settingTarget('baseUrl'));
}

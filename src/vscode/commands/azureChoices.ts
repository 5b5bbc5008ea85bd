import * as vscode from 'vscode';
import type { ProviderPreset } from '../../core/llm/presets/providerPreset';
import { azureAuthentication, workspaceSetting } from '../settings';

export interface AzureChoices {
  apiVersion: string;
  authentication: 'apiKey' | 'entraId';
}

interface AuthenticationItem extends vscode.QuickPickItem {
  authentication: 'apiKey' | 'entraId';
}

/** Azure's api-version and how requests are signed; `undefined` when the user cancels. */
export async function askAzureChoices(preset: ProviderPreset): Promise<AzureChoices | undefined> {
  const fallback = preset.apiVersion?.default ?? '';
  const apiVersion = await vscode.window.showInputBox({
    title: 'Elbow: Azure OpenAI api-version',
    prompt: `Sent as ?api-version= to deployment endpoints (not used by the /openai/v1 endpoint). ${fallback} is the current GA version.`,
    value: (workspaceSetting<string>('azure.apiVersion') ?? '').trim() || fallback,
    ignoreFocusOut: true,
    validateInput: (value) => (/^\d{4}-\d{2}-\d{2}(-preview)?$/.test(value.trim()) ? undefined : 'Enter a version such as 2024-10-21 or 2025-04-01-preview.'),
  });
  if (apiVersion === undefined) return undefined;
  const current = azureAuthentication();
  const items: AuthenticationItem[] = [
    { authentication: 'apiKey', label: 'API key', description: current === 'apiKey' ? 'current' : undefined, detail: 'The resource\'s key, sent as the api-key header ("Elbow: Set API Key")' },
    { authentication: 'entraId', label: 'Microsoft Entra ID', description: current === 'entraId' ? 'current' : undefined, detail: 'A token from your Microsoft account in VS Code; needs the Cognitive Services OpenAI User role' },
  ];
  if (current === 'entraId') items.reverse();
  const picked = await vscode.window.showQuickPick(items, { title: 'Elbow: Azure OpenAI sign-in', placeHolder: 'How requests are signed', ignoreFocusOut: true });
  return picked === undefined ? undefined : { apiVersion: apiVersion.trim(), authentication: picked.authentication };
}

import type * as vscode from 'vscode';
import { apiKeyVariables, type ProviderName } from '../core/llm/providers/createProvider';

/** API keys in VS Code's SecretStorage, one per provider; the environment variable is the fallback. */
export class ApiKeys {
  readonly onDidChange: vscode.Event<vscode.SecretStorageChangeEvent>;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly environment: Record<string, string | undefined> = process.env,
  ) {
    this.onDidChange = secrets.onDidChange;
  }

  async get(provider: ProviderName): Promise<string | undefined> {
    const stored = await this.secrets.get(secretName(provider));
    if (stored !== undefined && stored.trim() !== '') return stored.trim();
    const fromEnvironment = this.environment[apiKeyVariables[provider]]?.trim();
    return fromEnvironment === '' ? undefined : fromEnvironment;
  }

  async set(provider: ProviderName, key: string): Promise<void> {
    await this.secrets.store(secretName(provider), key.trim());
  }

  async delete(provider: ProviderName): Promise<void> {
    await this.secrets.delete(secretName(provider));
  }

  static environmentVariable(provider: ProviderName): string {
    return apiKeyVariables[provider];
  }
}

function secretName(provider: ProviderName): string {
  return `elbow.apiKey.${provider}`;
}

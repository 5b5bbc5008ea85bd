import type * as vscode from 'vscode';
import { presetById } from '../core/llm/presets/providerPresets';

/**
 * API keys in VS Code's SecretStorage, one per provider preset (`elbow.apiKey.<preset id>`); the
 * preset's environment variable is the fallback. A key is only ever read for its own preset, so a
 * key stored for one provider never reaches another's endpoint.
 */
export class ApiKeys {
  readonly onDidChange: vscode.Event<vscode.SecretStorageChangeEvent>;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly environment: Record<string, string | undefined> = process.env,
  ) {
    this.onDidChange = secrets.onDidChange;
  }

  async get(presetId: string): Promise<string | undefined> {
    const stored = await this.secrets.get(secretName(presetId));
    if (stored !== undefined && stored.trim() !== '') return stored.trim();
    const variable = ApiKeys.environmentVariable(presetId);
    const fromEnvironment = variable === undefined ? undefined : this.environment[variable]?.trim();
    return fromEnvironment === '' ? undefined : fromEnvironment;
  }

  async set(presetId: string, key: string): Promise<void> {
    await this.secrets.store(secretName(presetId), key.trim());
  }

  async delete(presetId: string): Promise<void> {
    await this.secrets.delete(secretName(presetId));
  }

  /** The variable the preset's key is read from when none is stored; local servers have none. */
  static environmentVariable(presetId: string): string | undefined {
    return presetById(presetId)?.keyVariable;
  }
}

function secretName(presetId: string): string {
  return `elbow.apiKey.${presetId}`;
}

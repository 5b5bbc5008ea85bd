import type * as vscode from 'vscode';
import type { McpCredentialStore } from '../../core/mcp/auth/mcpAuthHost';

/** Marks Elbow's MCP sign-in secrets apart from its API keys in the same SecretStorage. */
const PREFIX = 'elbow.mcp.oauth/';

/** MCP servers' tokens, client registrations and metadata in VS Code's SecretStorage (the OS keychain on desktop). */
export class SecretCredentialStore implements McpCredentialStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  read(key: string): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(PREFIX + key));
  }

  write(key: string, value: string): Promise<void> {
    return Promise.resolve(this.secrets.store(PREFIX + key, value));
  }

  delete(key: string): Promise<void> {
    return Promise.resolve(this.secrets.delete(PREFIX + key));
  }
}

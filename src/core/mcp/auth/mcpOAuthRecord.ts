import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpCredentialStore } from './mcpAuthHost';

/** What Elbow keeps for one server it signed in to: one entry per server name and URL. */
export interface McpOAuthRecord {
  server: string;
  url: string;
  /** The scope granted (or asked for when the server named none). */
  scope?: string;
  /** As the authorization server issued them, stamped with its URL (`issuer`) by the SDK. */
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms), to tell how old they are. */
  savedAt?: number;
  /** The registration (dynamic, RFC 7591), stamped with the authorization server it is for. */
  client?: OAuthClientInformationMixed;
  /** Protected resource and authorization server metadata found at sign-in. */
  discovery?: OAuthDiscoveryState;
}

/**
 * Whose sign-in a record is: the server's name in the configuration file it comes from. A workspace file that names a
 * server as the user's own file does (same name, same URL) is another subject and never gets the user's tokens.
 */
export function oauthSubject(config: { name: string; file: { path: string } }): string {
  return `${config.name} (${config.file.path})`;
}

/** The store's key for a server: its subject and its URL, so a server that moves is signed in to afresh. */
export function oauthRecordKey(server: string, url: string): string {
  return `mcp-oauth/${server}/${url}`;
}

type RecordObserver = (server: string, url: string, record: McpOAuthRecord | undefined) => void;

/** Reads and writes one server's record (each read and write is told to `observe`); a record that does not parse reads as none. */
export class McpOAuthRecords {
  constructor(private readonly store: McpCredentialStore, private readonly observe: RecordObserver = () => undefined) {}

  async read(server: string, url: string): Promise<McpOAuthRecord | undefined> {
    const record = parseRecord(await this.store.read(oauthRecordKey(server, url)), server, url);
    this.observe(server, url, record);
    return record;
  }

  async update(server: string, url: string, change: (record: McpOAuthRecord) => McpOAuthRecord): Promise<McpOAuthRecord> {
    const next = change((await this.read(server, url)) ?? { server, url });
    await this.store.write(oauthRecordKey(server, url), JSON.stringify(next));
    this.observe(server, url, next);
    return next;
  }

  async delete(server: string, url: string): Promise<void> {
    await this.store.delete(oauthRecordKey(server, url));
    // Observed as a record without tokens: signed out, not unknown.
    this.observe(server, url, { server, url });
  }
}

function parseRecord(text: string | undefined, server: string, url: string): McpOAuthRecord | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<McpOAuthRecord> | null;
    return typeof parsed === 'object' && parsed !== null && parsed.server === server && parsed.url === url ? parsed as McpOAuthRecord : undefined;
  } catch {
    return undefined;
  }
}

import type { McpAuthHost, McpCredentialStore, McpRedirectReceiver } from '../../../src/core/mcp/auth/mcpAuthHost';

/** Credentials in a map, as a host's private store keeps them. */
export class MemoryCredentialStore implements McpCredentialStore {
  readonly entries = new Map<string, string>();
  async read(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }
  async write(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** The sign-in host of the tests: its "browser" follows the authorization URL as a consenting user and hands back the redirect's query. */
export interface TestSignInHost extends McpAuthHost {
  credentials: MemoryCredentialStore;
  /** The authorization URLs it was asked to open. */
  opened: URL[];
  /** Changes the redirect's query before it is handed back (e.g. another `state`). */
  tamper?: (query: URLSearchParams) => void;
}

export function testSignInHost(): TestSignInHost {
  const host: TestSignInHost = {
    credentials: new MemoryCredentialStore(),
    opened: [],
    signInHint: (server) => `Sign in to ${server} in the test.`,
    browser: {
      receive: async (): Promise<McpRedirectReceiver> => ({
        redirectUrl: 'http://127.0.0.1:33333/callback',
        open: async (authorizationUrl) => {
          host.opened.push(authorizationUrl);
          const response = await fetch(authorizationUrl, { redirect: 'manual' });
          const location = response.headers.get('location');
          if (location === null) throw new Error(`The authorization server answered ${response.status}: ${await response.text()}`);
          const query = new URL(location).searchParams;
          host.tamper?.(query);
          return query;
        },
        dispose: () => undefined,
      }),
    },
  };
  return host;
}

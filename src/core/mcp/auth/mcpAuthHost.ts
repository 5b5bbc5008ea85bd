/**
 * What a host gives MCP's OAuth sign-in (the MCP authorization specification): a private place for
 * each server's credentials, and a browser that comes back with the authorization server's answer.
 */
export interface McpAuthHost {
  credentials: McpCredentialStore;
  browser: McpSignInBrowser;
  /** What the user does to sign in to `server`, as one sentence (a server that needs it shows this), e.g. `Run elbow mcp login github.` */
  signInHint?(server: string): string;
}

/**
 * Private storage of one JSON text per key (a server's tokens, client registration and discovered
 * metadata): VS Code's SecretStorage, or a 0600 file in the terminal.
 */
export interface McpCredentialStore {
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** How the host sends the user to an authorization server and receives the redirect back. */
export interface McpSignInBrowser {
  /** Starts listening for the redirect (a loopback port, VS Code's URI handler) for one sign-in to `server`. */
  receive(server: string, options?: McpRedirectOptions): Promise<McpRedirectReceiver>;
}

/** The server's configuration about the redirect. */
export interface McpRedirectOptions {
  /** `oauth.callbackPort`: the loopback port registered with the authorization server, when it must be fixed. */
  callbackPort?: number;
}

export interface McpRedirectReceiver {
  /** The `redirect_uri` to register and send. */
  redirectUrl: string;
  /** Opens the authorization URL in the browser and resolves with the query of the redirect that comes back. */
  open(authorizationUrl: URL, signal: AbortSignal): Promise<URLSearchParams>;
  /** Stops listening. */
  dispose(): void;
}

import type { McpAuthHost, McpSignInBrowser } from '../core/mcp/auth/mcpAuthHost';
import { McpCredentialFile, mcpCredentialFolder } from '../node/mcpCredentialFile';
import { loopbackBrowser } from './loopbackRedirect';

/** What the terminal tells a user whose server needs a sign-in. */
export function cliSignInHint(server: string): string {
  return `Run elbow mcp login ${/^[\w.-]+$/.test(server) ? server : JSON.stringify(server)}, then try again.`;
}

/**
 * The terminal's OAuth host: credentials in a private file of Elbow's data folder. Only
 * `elbow mcp login` gets a browser; chats and `-p` runs use the stored tokens and never open one.
 */
export function cliMcpAuth(dataFolder: string, browser?: { writeErr(text: string): void }): McpAuthHost {
  return {
    credentials: new McpCredentialFile(mcpCredentialFolder(dataFolder)),
    browser: browser === undefined ? noBrowser : loopbackBrowser({ writeErr: browser.writeErr }),
    signInHint: cliSignInHint,
  };
}

const noBrowser: McpSignInBrowser = {
  receive: (server) => Promise.reject(new Error(cliSignInHint(server))),
};

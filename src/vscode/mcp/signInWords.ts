import { quotedName } from '../../format/mcpQuestionWords';

/** Which server asks for a sign-in, as the user can tell it from another of that name: its file, and where it is. */
export interface SignInServer {
  name: string;
  /** Its configuration file, as shown (`.vscode/mcp.json`, `~/.elbow/mcp.json`). */
  source: string;
  /** The server's address, as configured. */
  url?: string;
}

/** The notification when a server needs a sign-in: a repository's server named like the user's own reads as its file's. */
export function signInNotice(server: SignInServer): string {
  return `The MCP server ${named(server)} needs you to sign in before Elbow can use its tools.`;
}

/** The title of the sign-in's progress notification. */
export function signInProgressTitle(server: SignInServer): string {
  return `Signing in to the MCP server ${named(server)}…`;
}

/** The progress notification's line: the sign-in site's origin once the browser is sent there. */
export function signInProgressMessage(authorizationUrl?: URL): string {
  return authorizationUrl === undefined ? 'Looking up where to sign in…' : `Finish at ${authorizationUrl.origin} in the browser window that opened.`;
}

function named({ name, source, url }: SignInServer): string {
  return `${quotedName(name)} (from ${source}${url === undefined ? '' : `, at ${originOf(url)}`})`;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

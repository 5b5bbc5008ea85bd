/** Longest part of a server's name shown in who asks. */
const longestName = 64;
/** What JSON leaves as it is but would change how the line reads: C1 controls and bidirectional marks and overrides. */
const misleading = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Who asks when an MCP server asks the user something, in words the server cannot change: a server's name is free
 * text from a configuration file (a repository can name one "Elbow"), so it is quoted as data and its file named.
 */
export function mcpQuestionAsker(server: string, source: string | undefined): string {
  return `The MCP server ${quotedName(server)}${source === undefined ? '' : ` (from ${source})`} asks — its words, not Elbow's:`;
}

/** Under a server's form: the protocol forbids forms that ask for secrets, and Elbow never asks through one. */
export const mcpFormSecretsNote = 'Elbow never asks for passwords, API keys or tokens in a server\'s form: do not type them here.';

/** A server's name as a JSON string: its quotes and controls escaped, so it cannot end the quote or reorder the line. */
export function quotedName(server: string): string {
  const shown = server.length > longestName ? `${server.slice(0, longestName - 1)}…` : server;
  return JSON.stringify(shown).replace(misleading, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

import type { McpServerConfig, McpServerLaunch } from './mcpServerConfig';

/** What starts or is reached, as the file writes it (as substituted when the parser did not keep that). */
export function launchOf(server: McpServerConfig): McpServerLaunch {
  const { command, args, env, cwd, url, headers } = server;
  return server.written ?? { command, args, env, cwd, url, headers };
}

/**
 * One line for the user deciding whether to start a server: its command line or URL, the names
 * of the environment variables or headers it is given, and the `${…}` variables it reads (an
 * API key sent along shows up there).
 */
export function describeLaunch(server: McpServerConfig): string {
  const launch = launchOf(server);
  const target = server.type === 'stdio'
    ? [launch.command ?? '', ...launch.args].map(quoted).join(' ')
    : launch.url ?? '';
  const details: string[] = [];
  if (server.type === 'stdio' && launch.cwd !== undefined) details.push(`in ${launch.cwd}`);
  const given = Object.keys(server.type === 'stdio' ? launch.env : launch.headers);
  if (given.length > 0) details.push(`${server.type === 'stdio' ? 'environment' : 'headers'}: ${given.join(', ')}`);
  const variables = variablesRead(launch);
  if (variables.length > 0) details.push(`reads ${variables.join(', ')}`);
  return details.length === 0 ? target : `${target} (${details.join('; ')})`;
}

function variablesRead(launch: McpServerLaunch): string[] {
  const texts = [launch.command, ...launch.args, ...Object.values(launch.env), launch.cwd, launch.url, ...Object.values(launch.headers)];
  const found = texts.flatMap((text) => text?.match(/\$\{[^}]*\}/g) ?? []);
  return [...new Set(found)];
}

/** A word as a shell would need it: plain when it is, else in JSON quotes. */
function quoted(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : JSON.stringify(word);
}

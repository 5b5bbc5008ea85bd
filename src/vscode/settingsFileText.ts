import { parse } from 'jsonc-parser';

/**
 * `elbow.baseUrl` as the text of a workspace's settings file names it, trimmed ('' when it names
 * none): `.vscode/settings.json`, or a `.code-workspace` file, which keeps them under `settings`.
 * VS Code leaves an application-scoped value of a workspace out of what it reports, so telling
 * the user that one was ignored takes the file itself.
 */
export function endpointNamedIn(text: string, file: 'folderSettings' | 'workspaceFile'): string {
  const parsed: unknown = parse(text, [], { allowTrailingComma: true });
  const settings = file === 'workspaceFile' ? propertyOf(parsed, 'settings') : parsed;
  const value = propertyOf(settings, 'elbow.baseUrl');
  return typeof value === 'string' ? value.trim() : '';
}

function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A plain web address, shown as it is; anything else is not quoted in Elbow's own message. */
const plainAddress = /^https?:\/\/[^\s[\]()<>`"'\\]{1,200}$/;

/** What the warning says when a workspace names an endpoint the API key is not sent to. */
export function ignoredEndpointMessage(endpoint: string): string {
  const named = plainAddress.test(endpoint) ? `another endpoint for Elbow (${endpoint})` : 'another endpoint for Elbow';
  return `This workspace's settings name ${named}. Elbow sends your API key only to the endpoint in your user settings; to use one, set elbow.baseUrl there (Elbow: Change Provider and Model).`;
}

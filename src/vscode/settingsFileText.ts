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

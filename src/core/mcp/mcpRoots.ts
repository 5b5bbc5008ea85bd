import type { McpRoot } from './mcpClientHandlers';

/** A folder of the host, its URI as the host gives it. */
export interface HostFolder {
  uri: string;
  name?: string;
}

/**
 * The roots a server is offered: only local `file:` folders (a remote or virtual folder is not one a
 * server on this machine can open), each once, in the host's order.
 */
export function mcpRootsOf(folders: readonly HostFolder[]): McpRoot[] {
  const seen = new Set<string>();
  const roots: McpRoot[] = [];
  for (const folder of folders) {
    if (!folder.uri.startsWith('file:///') || seen.has(folder.uri)) continue;
    seen.add(folder.uri);
    roots.push(folder.name === undefined || folder.name === '' ? { uri: folder.uri } : { uri: folder.uri, name: folder.name });
  }
  return roots;
}

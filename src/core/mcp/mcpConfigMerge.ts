import type { ParsedMcpConfig } from './mcpConfigParser';
import type { McpServerConfig } from './mcpServerConfig';

export interface MergedMcpConfig extends ParsedMcpConfig {
  /** Servers dropped because an earlier file names a server the same. */
  shadowed: McpServerConfig[];
}

/** Takes the files in precedence order: the first file that names a server wins. */
export function mergeMcpConfigs(parsed: readonly ParsedMcpConfig[]): MergedMcpConfig {
  const merged: MergedMcpConfig = { servers: [], problems: [], shadowed: [] };
  const names = new Set<string>();
  for (const config of parsed) {
    merged.problems.push(...config.problems);
    for (const server of config.servers) {
      if (names.has(server.name)) {
        merged.shadowed.push(server);
        continue;
      }
      names.add(server.name);
      merged.servers.push(server);
    }
  }
  return merged;
}

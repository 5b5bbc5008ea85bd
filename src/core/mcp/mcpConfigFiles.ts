import * as os from 'node:os';
import * as path from 'node:path';
import type { McpConfigFile } from './mcpServerConfig';

export interface McpConfigFileOptions {
  workspaceRoots: readonly string[];
  /** Where the user's own `mcp.json` lives; see `userMcpConfigFolder`. */
  userFolder: string;
  /** Named by the user (e.g. on the command line); they come first. */
  extraFiles?: readonly string[];
  homeDirectory?: string;
}

/** The configuration files to read, in precedence order: the first that names a server wins. */
export function mcpConfigFiles(options: McpConfigFileOptions): McpConfigFile[] {
  const homeDirectory = options.homeDirectory ?? os.homedir();
  const firstRoot = options.workspaceRoots[0];
  const several = options.workspaceRoots.length > 1;
  const files: McpConfigFile[] = [];
  for (const extra of options.extraFiles ?? []) {
    files.push({ path: path.resolve(extra), kind: 'cli', display: extra, workspaceFolder: firstRoot });
  }
  for (const root of options.workspaceRoots) {
    const prefix = several ? `${path.basename(root)}/` : '';
    files.push({ path: path.join(root, '.elbow', 'mcp.json'), kind: 'workspace', display: `${prefix}.elbow/mcp.json`, workspaceFolder: root });
    files.push({ path: path.join(root, '.vscode', 'mcp.json'), kind: 'vscode', display: `${prefix}.vscode/mcp.json`, workspaceFolder: root });
  }
  const userFile = path.join(options.userFolder, 'mcp.json');
  files.push({ path: userFile, kind: 'user', display: withTilde(userFile, homeDirectory), workspaceFolder: firstRoot });
  // A workspace opened at the home folder holds the user file too; read it once, as the workspace file.
  return files.filter((file, index) => files.findIndex((other) => other.path === file.path) === index);
}

/** A file of the workspace (`.elbow/mcp.json`, `.vscode/mcp.json`): whoever wrote the workspace wrote it, not necessarily the user. */
export function isWorkspaceConfig(file: McpConfigFile): boolean {
  return file.kind === 'workspace' || file.kind === 'vscode';
}

/** `$ELBOW_CONFIG_DIR` when set, else `~/.elbow`. */
export function userMcpConfigFolder(environment: Readonly<Record<string, string | undefined>>, homeDirectory: string = os.homedir()): string {
  const configured = environment['ELBOW_CONFIG_DIR'];
  return configured !== undefined && configured !== '' ? path.resolve(configured) : path.join(homeDirectory, '.elbow');
}

function withTilde(file: string, homeDirectory: string): string {
  const relative = path.relative(homeDirectory, file);
  const insideHome = homeDirectory !== '' && relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return insideHome ? `~${path.sep}${relative}` : file;
}
